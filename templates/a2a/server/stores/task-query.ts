// The store side of ListTasks (A2A v1.0 §3.1.4): the query a store answers, the order every
// store lists in, and the page token. Both stores use this one file, so the in-memory store and
// the PostgreSQL one order, filter and page alike; a store only finds the rows.
import { contextIdOf, stateOf } from '../../runtime/objects.js';
import type { Task } from '../../types.js';

/** One page of ListTasks, before the manager trims history and artifacts. */
export interface TaskQuery {
  /** The caller's owner key (task-owner.ts): only tasks visible to it (visibleTo semantics). */
  owner: string | undefined;
  contextId?: string;
  /** A TaskState value exactly as the schema names it (`TASK_STATE_WORKING` in v1.0, `working` in v0.3). */
  state?: string;
  /**
   * Only tasks whose status.timestamp is at or after this instant (ms since epoch). At, not only
   * after: the proto's `status_timestamp_after` says "greater than or equal to this value".
   * Tasks without a status timestamp never match it.
   */
  statusTimestampAfter?: number;
  /** 1..max, already validated by the caller. */
  pageSize: number;
  /** A token returned as nextPageToken by an earlier page, or undefined for the first page. */
  pageToken?: string;
}

export interface TaskPage {
  tasks: Task[];
  /** '' on the last page. */
  nextPageToken: string;
  /** How many tasks match the filters (all pages). */
  totalSize: number;
}

/**
 * A page token that does not decode, or was made for other filters (or another caller). The
 * manager answers it with invalid params (-32602); the message is safe to show the client.
 */
export class PageTokenError extends Error {
  constructor(message = 'pageToken is not a token this agent issued for these filters: start again without it') {
    super(message);
    this.name = 'PageTokenError';
  }
}

/**
 * The sort time of tasks without a (parsable) status timestamp: below every date (dates reach
 * ±8.64e15 ms), so they sort as the oldest, and still an exact integer in a double and a bigint.
 */
export const NO_TIMESTAMP = Number.MIN_SAFE_INTEGER;

/** A zone designator at the end of an ISO 8601 date-time (Z, +hh:mm, -hhmm, +hh). */
const HAS_ZONE = /(?:Z|[+-]\d\d(?::?\d\d)?)$/i;

/**
 * The task's status.timestamp as ms since epoch, or NO_TIMESTAMP. A date-time without a zone is
 * read as UTC (Date.parse would take the server's local zone, so two replicas in different zones
 * would disagree). Sub-millisecond digits are dropped: such tasks tie and the id orders them.
 */
export function statusTimeOf(task: Task): number {
  const timestamp = (task as { status?: { timestamp?: unknown } }).status?.timestamp;
  if (typeof timestamp !== 'string') return NO_TIMESTAMP;
  const ms = Date.parse(HAS_ZONE.test(timestamp) || !timestamp.includes('T') ? timestamp : `${timestamp}Z`);
  return Number.isFinite(ms) ? ms : NO_TIMESTAMP;
}

/** A task's place in the listing: status time descending, then id descending — a total order. */
export interface Position {
  time: number;
  id: string;
}

/**
 * Whether `a` comes before `b` in the listing. Ids compare by UTF-16 code unit (JavaScript's
 * `<`); PostgreSQL compares them `COLLATE "C"` (by UTF-8 byte), the same order except for ids
 * mixing characters above U+FFFF with U+E000–U+FFFF. Each store only has to agree with itself.
 */
export function before(a: Position, b: Position): boolean {
  return precedes(a.time, a.id, b.time, b.id);
}

/** before() on loose fields, for loops that would rather not make an object per task. */
export function precedes(aTime: number, aId: string, bTime: number, bId: string): boolean {
  return aTime !== bTime ? aTime > bTime : aId > bId;
}

/** Whether the task, whose statusTimeOf is `time`, passes the query's filters, its owner aside (the store checks visibility). */
export function matches(task: Task, time: number, query: TaskQuery): boolean {
  if (query.contextId !== undefined && contextIdOf(task) !== query.contextId) return false;
  if (query.state !== undefined && String(stateOf(task)) !== query.state) return false;
  if (query.statusTimestampAfter !== undefined && time < query.statusTimestampAfter) return false;
  return true;
}

// The token: `1.` + base64url of the JSON [time, id, check]. `check` hashes the filters, the
// caller and the position, so a token is refused when used with other filters (its position
// would mean nothing there) or by another caller, and when it was cut or altered by accident.
// It is not a signature: the replicas share no secret, and none is needed — a forged position
// only moves where a page starts among tasks the caller may see anyway (the owner filter is in
// the query, not in the token). The owner key is hashed, never written: clients see no claims.

const TOKEN_VERSION = '1.';

/** The filters that make a listing, as one string: a token is only good for the same ones. */
function filterKey(query: TaskQuery): string {
  return JSON.stringify([query.owner ?? null, query.contextId ?? null, query.state ?? null, query.statusTimestampAfter ?? null]);
}

export function encodePageToken(query: TaskQuery, last: Position): string {
  const check = hash(`${filterKey(query)}\n${last.time}\n${last.id}`);
  return TOKEN_VERSION + toBase64Url(JSON.stringify([last.time, last.id, check]));
}

/** The position a token of this query continues after; PageTokenError when it is not one. */
export function decodePageToken(query: TaskQuery, token: string): Position {
  if (!token.startsWith(TOKEN_VERSION)) throw new PageTokenError();
  let fields: unknown;
  try {
    fields = JSON.parse(fromBase64Url(token.slice(TOKEN_VERSION.length)));
  } catch {
    throw new PageTokenError();
  }
  if (!Array.isArray(fields) || fields.length !== 3) throw new PageTokenError();
  const [time, id, check] = fields as unknown[];
  if (!Number.isSafeInteger(time) || typeof id !== 'string' || typeof check !== 'string') throw new PageTokenError();
  if (check !== hash(`${filterKey(query)}\n${time}\n${id}`)) throw new PageTokenError();
  return { time: time as number, id };
}

/** cyrb53: a fast 53-bit string hash (not cryptographic; see the token comment above), base 36. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

// base64url through btoa/atob and TextEncoder: available in Node and in every fetch runtime.
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on anything that is not base64url of UTF-8. */
function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
