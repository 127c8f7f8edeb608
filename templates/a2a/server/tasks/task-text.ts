// Text a task may hold: well-formed Unicode without NUL. PostgreSQL cannot store a NUL character
// (U+0000) in text or JSONB, nor an unpaired UTF-16 surrogate ("\uD800" in JSON), which is not
// Unicode at all: a task holding either could never be written, and a write that can never
// succeed must not be kept and retried as if the database were down. So such text is refused
// where it enters — a client's request (dispatch.ts: -32602 naming its place), an executor's
// event (task-run.ts: the event is refused, the task fails saying why) — for every store alike,
// so an agent behaves the same on the memory store as on PostgreSQL.
import { errorFor, type JsonRpcError } from '../../errors.js';
import { invalidParams } from '../spec/rules.js';

/** String.prototype.isWellFormed (Node 20), typed here: it is in lib es2024, newer than generated projects target. */
const wellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

/** Whether a string can be stored as text: no NUL, no unpaired surrogate. */
export const isStorableText = (s: string): boolean => !s.includes('\0') && wellFormed(s);

/** What is wrong with a string that is not storable. */
function flaw(s: string): string {
  if (s.includes('\0')) return 'a NUL character (U+0000)';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    else if (c >= 0xd800 && c <= 0xdfff) return `an unpaired UTF-16 surrogate (U+${c.toString(16).toUpperCase()})`;
  }
  return 'text that is not well-formed Unicode';
}

/** Where, in a JSON pointer below `base`, the first string or key that is not storable is, and what is wrong with it. */
export function findUnstorableText(value: unknown, base = ''): { path: string; flaw: string; key: boolean } | undefined {
  // A first pass without paths: the common value is clean, and building a path per node would cost it.
  if (!holdsUnstorable(value)) return undefined;
  return locate(value, base);
}

function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      for (const item of v as unknown[]) {
        if (typeof item === 'string') {
          if (!isStorableText(item)) return true;
        } else if (item !== null && typeof item === 'object') stack.push(item);
      }
      continue;
    }
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      if (!isStorableText(key)) return true;
      const item: unknown = (v as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (!isStorableText(item)) return true;
      } else if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return false;
}

function locate(value: unknown, path: string): { path: string; flaw: string; key: boolean } | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : { path, flaw: flaw(value), key: false };
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = locate(value[i], `${path}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const at = `${path}/${pointerSegment(key)}`;
    if (!isStorableText(key)) return { path: at, flaw: flaw(key), key: true };
    const found = locate((value as Record<string, unknown>)[key], at);
    if (found) return found;
  }
  return undefined;
}

/** NUL, or a surrogate that is not half of a pair. */
const UNSTORABLE_CHAR = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A key as a JSON pointer segment (RFC 6901's `~0`, `~1`), printable: the characters that make it
 * unstorable shown as `\uXXXX`, and cut at 64 characters — the path lands in an error message.
 */
function pointerSegment(key: string): string {
  const shown = key.replace(/~/g, '~0').replace(/\//g, '~1');
  const cut = shown.length > 64 ? `${shown.slice(0, 64)}…` : shown;
  return cut.replace(UNSTORABLE_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const KEEP = 'which no task store can keep (text must be well-formed Unicode without NUL)';

/** A client's request with such text: -32602 at its place in the params. */
export function checkRequestText(params: unknown): void {
  const found = findUnstorableText(params);
  if (found) throw invalidParams(found.path, `${found.key ? 'a key' : 'the text'} holds ${found.flaw}, ${KEEP}`, { reason: 'unstorableText' });
}

/** An executor's event with such text (`what`: "an artifact"): the error it is refused with, or undefined. */
export function eventTextError(event: unknown, what: string): JsonRpcError | undefined {
  const found = findUnstorableText(event);
  if (!found) return undefined;
  const where = `${found.key ? 'a key' : 'its text'} at ${found.path || '(root)'}`;
  return errorFor('internal', `the agent produced ${what} holding ${found.flaw} in ${where}, ${KEEP}; the event was refused`, {
    reason: 'unstorableText',
    path: found.path,
  });
}
