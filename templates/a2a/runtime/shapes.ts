// The version-neutral view of protocol objects. The runtime serves every A2A version with one
// code path, but the generated types (../types.ts) are each version's own: v0.3's Task and
// v1.0's have the same id, status and history, not the same type. What every version's objects
// have in common — the fields the runtime reads and changes, under the names the descriptor
// gives for the rest — is typed here, and this module is the one place where a generated type
// is seen through it (`shapeOf`) or made from it (`fromShape`).
import type { Artifact, Message, Part, Task, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '../types.js';

/** A JSON object read generically: what a wire object is before (or without) its type. */
export type Loose = Record<string, unknown>;

export const isObject = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);

export interface StatusShape extends Loose {
  state: string;
  message?: MessageShape;
  timestamp?: string;
}

export interface MessageShape extends Loose {
  role: string;
  parts: PartShape[];
}

/** A part: a discriminator and `text`/`file`/`data` (v0.x), or one member set (v1.0). */
export type PartShape = Loose;

export interface ArtifactShape extends Loose {
  parts: PartShape[];
}

export interface TaskShape extends Loose {
  id: string;
  status: StatusShape;
  history?: MessageShape[];
  artifacts?: ArtifactShape[];
}

export interface StatusUpdateShape extends Loose {
  status: StatusShape;
  /** Before v1.0 only: the event ends the interaction. */
  final?: boolean;
}

export interface ArtifactUpdateShape extends Loose {
  artifact: ArtifactShape;
}

/** The shape each generated type is read as. */
export type ShapeOf<T> = T extends Task
  ? TaskShape
  : T extends Message
    ? MessageShape
    : T extends TaskStatusUpdateEvent
      ? StatusUpdateShape
      : T extends TaskArtifactUpdateEvent
        ? ArtifactUpdateShape
        : T extends Artifact
          ? ArtifactShape
          : T extends Part
            ? PartShape
            : Loose;

/** A map's own entry by a key read at run time (a skill id, a method name); undefined when it has none. */
export function entryOf(map: object, key: string): unknown {
  return Object.hasOwn(map, key) ? (map as Loose)[key] : undefined;
}

/** A generated object seen through its version-neutral shape: the same object, not a copy. */
export function shapeOf<T extends object>(value: T): ShapeOf<T> {
  return value as unknown as ShapeOf<T>;
}

/** An object the runtime built from the descriptor's names, as the generated type it is. */
export function fromShape<T>(value: Loose): T {
  return value as unknown as T;
}
