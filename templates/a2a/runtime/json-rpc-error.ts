// The base of every JSON-RPC error, and the two lookups built from a version's error classes:
// a wire error to its typed class (the client), an error key to its class (the server). The
// generated errors.ts declares one class per error of the schema and fills these in.
import type { KnownErrorKey } from './protocol-types.js';

/** Base of every JSON-RPC error; `toJSON()` gives the wire form `{ code, message, data? }`. */
export class JsonRpcError extends Error {
  override readonly name: string = 'JsonRpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

/** A generated error class: its code and default message are fixed, message and data optional. */
export type ErrorClass = new (message?: string, data?: unknown) => JsonRpcError;

export interface ErrorLookups<Key extends string> {
  /** The typed error for a wire error: its class when the code is known, else the base class. */
  errorFromWire(error: { code: number; message?: string; data?: unknown }): JsonRpcError;
  /** Builds the error registered under `key`, or an internal error when this version lacks it. */
  errorFor(key: Key, message?: string, data?: unknown): JsonRpcError;
}

/** `Key`: the version's own error keys; the runtime may also ask for any it knows (KnownErrorKey). */
export function errorLookups<Key extends string>(
  classesByCode: ReadonlyMap<number, ErrorClass>,
  codesByKey: Readonly<Record<Key, number>>,
): ErrorLookups<Key | KnownErrorKey> {
  const codes: Readonly<Record<string, number>> = codesByKey;
  return {
    errorFromWire(error) {
      const Class = classesByCode.get(error.code);
      const message = typeof error.message === 'string' ? error.message : undefined;
      return Class ? new Class(message, error.data) : new JsonRpcError(error.code, message ?? 'Unknown error', error.data);
    },
    errorFor(key, message, data) {
      const code = Object.hasOwn(codes, key) ? codes[key] : undefined;
      const Class = code === undefined ? undefined : classesByCode.get(code);
      return Class ? new Class(message, data) : new JsonRpcError(-32603, message ?? 'Internal error', data);
    },
  };
}
