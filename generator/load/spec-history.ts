// The definitions of every bundled spec, by version: what "which versions have this field" is
// answered from (model/card-check.ts). Reading and parsing all of them costs tens of ms, so
// inputs.ts reads them only when an error asks, and once per process.
import { readFile } from 'node:fs/promises';
import type { JsonSchema } from '../json-schema.js';
import { bundledSpecs } from './schema-source.js';
import { loadSpec } from './spec.js';

/** A bundled schema's definitions by version, oldest first. */
export type SchemaHistory = { version: string; definitions: Record<string, JsonSchema> }[];

let history: Promise<SchemaHistory> | undefined;

export function readSchemaHistory(): Promise<SchemaHistory> {
  history ??= bundledSpecs().then((specs) =>
    Promise.all(
      specs.map(async ({ version, format, path }) => {
        const text = await readFile(path, 'utf8');
        return { version, definitions: loadSpec({ ref: version, kind: 'bundled', version, origin: path, format, text }).definitions };
      }),
    ),
  );
  return history;
}
