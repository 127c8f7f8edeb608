// emit/errors: one class per error in the schema's catalogue, a base class, and lookups by
// code and by key. Server and client share them: the server throws, the client rethrows.
import type { EmitContext } from './context.js';
import { tsDoc, tsPropertyKey, tsString } from './escape.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';

export function emitErrors(ctx: EmitContext): GeneratedFile {
  const { errors } = ctx.protocol;
  const base = errors.some((e) => e.className === 'JsonRpcError') ? 'JsonRpcErrorBase' : 'JsonRpcError';
  const classes = errors.map((e) => {
    const doc = tsDoc(`${e.description ?? e.defaultMessage}\n\nJSON-RPC error code ${e.code}.`);
    return (
      `${doc}export class ${e.className} extends ${base} {\n` +
      `  static readonly code = ${e.code};\n` +
      `  static readonly defaultMessage = ${tsString(e.defaultMessage)};\n` +
      `  override readonly name: string = ${tsString(e.className)};\n` +
      `  constructor(message: string = ${e.className}.defaultMessage, data?: unknown) {\n` +
      `    super(${e.code}, message, data);\n` +
      `  }\n}\n`
    );
  });
  const content =
    `${tsDoc(`Errors of A2A v${ctx.protocol.version}: JSON-RPC 2.0's own and the A2A-specific ones, one class each.\n@see ${ctx.protocol.specUrl}`)}\n` +
    `/** Base of every JSON-RPC error; \`toJSON()\` gives the wire form \`{ code, message, data? }\`. */\n` +
    `export class ${base} extends Error {\n` +
    `  override readonly name: string = '${base}';\n` +
    `  constructor(readonly code: number, message: string, readonly data?: unknown) {\n` +
    `    super(message);\n` +
    `  }\n\n` +
    `  toJSON(): { code: number; message: string; data?: unknown } {\n` +
    `    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };\n` +
    `  }\n}\n\n` +
    classes.join('\n') +
    `\n/** Error classes by code. */\n` +
    `export const errorClassesByCode: ReadonlyMap<number, new (message?: string, data?: unknown) => ${base}> = new Map<number, new (message?: string, data?: unknown) => ${base}>([\n` +
    errors.map((e) => `  [${e.code}, ${e.className}],\n`).join('') +
    `]);\n\n` +
    `/** Error codes by the key the runtime raises them by. */\n` +
    `export const errorCodes = {\n${errors.map((e) => `  ${tsPropertyKey(e.key)}: ${e.code},\n`).join('')}} as const;\n\n` +
    `export type ErrorKey = keyof typeof errorCodes;\n\n` +
    `/** The typed error for a wire error: its class when the code is known, else the base class. */\n` +
    `export function errorFromWire(error: { code: number; message?: string; data?: unknown }): ${base} {\n` +
    `  const Class = errorClassesByCode.get(error.code);\n` +
    `  const message = typeof error.message === 'string' ? error.message : undefined;\n` +
    `  return Class ? new Class(message, error.data) : new ${base}(error.code, message ?? 'Unknown error', error.data);\n` +
    `}\n\n` +
    `/** Builds the error registered under \`key\`, or an internal error when this version lacks it. */\n` +
    `export function errorFor(key: string, message?: string, data?: unknown): ${base} {\n` +
    `  const code = (errorCodes as Record<string, number | undefined>)[key];\n` +
    `  const Class = code === undefined ? undefined : errorClassesByCode.get(code);\n` +
    `  return Class ? new Class(message, data) : new ${base}(-32603, message ?? 'Internal error', data);\n` +
    `}\n` +
    (base === 'JsonRpcError' ? '' : `\nexport { ${base} as JsonRpcError };\n`);
  return generatorFile(`${A2A_DIR}/errors.ts`, content);
}
