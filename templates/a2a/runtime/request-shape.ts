// Part of the generator–runtime contract (protocol-types.ts): the shape of a request object.

/**
 * What a request object may hold, for reading it (server/request-fields.ts): unknown fields are
 * dropped (spec v1.0 §5.7: implementations ignore what they do not recognize, so an agent never
 * stores and serves back fields its schema lacks), and in ProtoJSON the proto field names are
 * read as the JSON names (ADR-001: parsers accept both).
 */
export interface RequestShape {
  /**
   * Each field by its JSON name → the shape of its value, read further (a message, or a list of
   * them), or 0: read as it is (scalars, enums, metadata, Struct and Value).
   */
  readonly fields: { readonly [field: string]: string | 0 };
  /** ProtoJSON: the JSON name of each field whose proto name differs (`task_id` → `taskId`). */
  readonly protoNames?: { readonly [protoName: string]: string };
  /** Unknown fields are data, not mistakes (the schema allows additional properties): kept. */
  readonly open?: true;
  /** A union told apart by a discriminator (v0.x parts by `kind`): its value → the branch's shape; `fields` is empty. */
  readonly union?: { readonly discriminator: string; readonly branches: { readonly [value: string]: string } };
}
