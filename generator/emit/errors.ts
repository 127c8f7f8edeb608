// emit/errors: one class per error in the schema's catalogue and the tables the lookups are
// built from. The base class and the lookups themselves are runtime code
// (templates/a2a/runtime/json-rpc-error.ts). Server and client share them: the server
// throws, the client rethrows.
import type { EmitContext } from './context.js';
import { tsDoc, tsPropertyKey, tsString } from './escape.js';
import { runtimeExports } from '../runtime-symbols.js';
import { generatorFile, type GeneratedFile } from './generated-file.js';
import { GENERATED } from './generated-symbols.js';
import { TsFile } from './ts-file.js';

export function emitErrors(ctx: EmitContext): GeneratedFile {
  const { errors } = ctx.protocol;
  const file = new TsFile(GENERATED.errors);
  for (const e of errors) file.declare(e.className);
  for (const name of ['errorClassesByCode', 'errorCodes', 'ErrorKey', 'errorFromWire', 'errorFor']) file.declare(name);
  // The runtime imports its base class from here as JsonRpcError: no error class takes that name (names.ts).
  const base = file.import(runtimeExports.JsonRpcError);
  const ErrorClass = file.importType(runtimeExports.ErrorClass);
  const errorLookups = file.import(runtimeExports.errorLookups);
  file.reexport([runtimeExports.JsonRpcError, runtimeExports.ErrorClass, runtimeExports.ErrorLookups]);
  const classes = errors.map((e) => {
    const doc = tsDoc(`${e.description ?? e.defaultMessage}\n\nJSON-RPC error code ${e.code}.`);
    return (
      `${doc}export class ${e.className} extends ${base} {\n` +
      `  static readonly code = ${e.code};\n` +
      `  static readonly defaultMessage = ${tsString(e.defaultMessage)};\n` +
      // The spec's name of the error (`JSONParseError`), which HTTP+JSON error bodies carry too.
      `  override readonly name: string = ${tsString(e.definition)};\n` +
      `  constructor(message: string = ${e.className}.defaultMessage, data?: unknown) {\n` +
      `    super(${e.code}, message, data);\n` +
      `  }\n}\n\n`
    );
  });
  file.add(
    `${tsDoc(`Errors of A2A ${ctx.protocol.name}: JSON-RPC 2.0's own and the A2A-specific ones, one class each.\n@see ${ctx.protocol.specUrl}`)}\n`,
    ...classes,
    `/** Error classes by code. */\n`,
    `export const errorClassesByCode: ReadonlyMap<number, ${ErrorClass}> = new Map<number, ${ErrorClass}>([\n`,
    ...errors.map((e) => `  [${e.code}, ${e.className}],\n`),
    `]);\n\n`,
    `/** Error codes by the key the runtime raises them by. */\n`,
    `export const errorCodes = {\n${errors.map((e) => `  ${tsPropertyKey(e.key)}: ${e.code},\n`).join('')}} as const;\n\n`,
    `export type ErrorKey = keyof typeof errorCodes;\n\n`,
    `/** \`errorFromWire\`: a wire error as its typed class. \`errorFor\`: the error registered under a key (internal when this version lacks it). */\n`,
    `export const { errorFromWire, errorFor } = ${errorLookups}(errorClassesByCode, errorCodes);\n`,
  );
  return generatorFile(file.path, file.toString());
}
