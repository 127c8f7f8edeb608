// Bounds on how big a spec (or the skills' schemas) may be, so that every input under the 16 MiB
// read limit generates or is refused in bounded memory and time. The cost of generating grows
// with the number of schemas, not bytes: 14 MB of proto can declare 450,000 fields, whose types,
// validators and four forms of docs (json-schema-to-typescript alone holds several objects per
// schema) passed a 512 MiB heap after 60 s. Both bounds are checked right after reading, before
// any model or code is made.
import { InputError, type SourceLocation } from '../diagnostics.js';
import { forEachSubschema, type JsonSchema } from '../json-schema.js';
import type { ProtoText } from './proto-locate.js';
import { lineColumnAt } from './text.js';

/**
 * Schemas (each definition, property, item, branch …) one spec may hold, and all skills'
 * `input`/`output` together. The bundled specs hold 300–500; generating 50,000 stays under
 * 300 MiB of heap.
 */
export const MAX_SCHEMAS = 50_000;

/**
 * Fields one proto message may declare (its oneofs' included). protobufjs re-indexes a
 * message's fields on every field it adds, so reading n fields costs n²: 20,000 took a minute.
 */
export const MAX_FIELDS_PER_MESSAGE = 2_000;

/** How many schemas `schemas` hold; undefined while under MAX_SCHEMAS. The count stops at the bound. */
export function tooManySchemas(schemas: Iterable<JsonSchema>): number | undefined {
  let count = 0;
  for (const schema of schemas)
    forEachSubschema(schema, () => {
      count++;
    });
  return count > MAX_SCHEMAS ? count : undefined;
}

export function schemasError(count: number, what: string, where: SourceLocation, path?: string): InputError {
  return new InputError(
    `${what} ${count.toLocaleString('en-US')} schemas (definitions, properties, items …); at most ${MAX_SCHEMAS.toLocaleString('en-US')} can be generated`,
    where,
    path,
  );
}

/**
 * Before protobufjs reads a proto: the first message that declares more than
 * MAX_FIELDS_PER_MESSAGE fields, or the declaration past MAX_SCHEMAS messages, fields and enum
 * values in all, as a located error. One linear pass over the text without its comments and
 * strings: each `{` opens a block, a `message` block counts the `name = number` declarations of
 * its own and of its oneofs.
 */
export function checkProtoSize(proto: ProtoText): void {
  const token = /\b(message|oneof)\s+\w+\s*\{|\{|\}|\b\w+\s*=\s*-?(?:0[xX][0-9a-fA-F]+|\d+)\s*[;[]/g;
  const blocks: { kind: 'message' | 'oneof' | 'other'; name?: string; fields: number }[] = [];
  let declared = 0;
  const fail = (message: string, offset: number): never => {
    throw new InputError(message, { file: proto.origin, ...lineColumnAt(proto.text, offset) });
  };
  for (let m = token.exec(proto.code); m; m = token.exec(proto.code)) {
    const text = m[0];
    if (text === '}') {
      blocks.pop();
      continue;
    }
    if (text !== '{' && m[1] !== 'oneof' && ++declared > MAX_SCHEMAS)
      fail(`the proto declares more than ${MAX_SCHEMAS.toLocaleString('en-US')} messages, fields and enum values; at most that many can be generated`, m.index);
    if (m[1]) blocks.push({ kind: m[1] as 'message' | 'oneof', name: /\s(\w+)/.exec(text)![1], fields: 0 });
    else if (text === '{') blocks.push({ kind: 'other', fields: 0 });
    else {
      const top = blocks.at(-1);
      const message = top?.kind === 'oneof' ? blocks.at(-2) : top;
      if (message?.kind === 'message' && ++message.fields > MAX_FIELDS_PER_MESSAGE)
        fail(`message ${message.name} declares more than ${MAX_FIELDS_PER_MESSAGE.toLocaleString('en-US')} fields; split it into messages of fewer`, m.index);
    }
  }
}
