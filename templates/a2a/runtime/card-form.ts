// Part of the generator–runtime contract: what a version's card signatures cover, generated
// from its schema (generator/model/card-form.ts) into the protocol descriptor.

/**
 * What a card's canonical form leaves out (spec v1.0 §8.4.1), per type of object in the card:
 * each field's nested type, and the value that means "not set" there.
 */
export interface CardForm {
  /** The card's own type. */
  readonly root: string;
  readonly types: { readonly [type: string]: { readonly [field: string]: CardFormField } };
  /** Fields a type does not declare are left out too (a proto-normative version: they cannot be on its wire). */
  readonly closed: boolean;
}

export interface CardFormField {
  /** The type of the object (or of each item, or each map value) the field holds. */
  readonly t?: string;
  /** The field is a map: `t` is its values' type. */
  readonly m?: true;
  /** The value that means "not set": a field holding it is left out. */
  readonly d?: string | number | boolean;
}

/** A version's descriptor (the agent's own, or a `compat` one): what its card signatures cover, from v0.3.0 on (runtime/canonical-card.ts). */
export interface WithCardForm {
  readonly cardForm?: CardForm;
}
