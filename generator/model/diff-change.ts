// One change between two protocol models, as `a2a-gen diff` and a spec move report it.
export type ChangeArea = 'method' | 'card' | 'part' | 'shape' | 'enum' | 'error' | 'type' | 'field';

export interface Change {
  area: ChangeArea;
  /** `renamed`: the same thing under a new name (a method of the same role, an enum value of the same meaning); `moved`: a card field at a new path. */
  change: 'added' | 'removed' | 'changed' | 'renamed' | 'moved';
  /** What changed: a method name, `Type`, `Type.field`, an error code, a card path; for renames and moves the old name. */
  subject: string;
  /** Renames and moves: the new name or path. */
  to?: string;
  detail?: string;
  breaking: boolean;
  /**
   * Shape changes: where a compiler meets them in code written for the old version — the old
   * fields such code still uses (`blocking`, `final`), and the types of the newer version that no
   * longer have them (`SendMessageConfiguration`) or that now wrap what it reads
   * (`SendMessageResponse`). A spec move links a type error naming them to the change.
   */
  seenAs?: { fields?: string[]; types: string[] };
}
