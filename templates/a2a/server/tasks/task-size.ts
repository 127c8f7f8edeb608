// How many bytes task data holds in memory, estimated: the budgets of server.limits
// (messageBytes, taskBytes) and server.tasks.memoryBytes count in these units. The estimate
// follows V8's layout on 64-bit Node (headers and 8-byte slots; strings by length) closely
// enough that a budget of N bytes keeps the heap within a small multiple of N.
import { errorFor, type JsonRpcError } from '../../errors.js';
import { RETRY_AFTER_FIELD } from '../../runtime/retry-after.js';
import { invalidParams } from '../spec/rules.js';

const STRING = 16;
const OBJECT = 24;
const ARRAY = 48;
const SLOT = 8;

/**
 * The client message measured last, and its size. One slot, not a WeakMap of every message:
 * the two measurements it saves happen in the same request, and a WeakMap entry per message
 * (set, then looked up at every node of every later walk) cost 2% of a blocking send. The slot
 * keeps one message alive until the next arrives: at most messageBytes.
 */
let lastMessage: object | undefined;
let lastMessageSize = 0;

/**
 * A client message's size, measured once: it is checked against the budget before anything is
 * looked up, then stored in its task, whose size is measured again — a walk that reuses this
 * figure instead of walking a big message twice more in the same turn of the event loop.
 */
export function sizeOfMessage(message: object): number {
  if (message !== lastMessage) {
    lastMessageSize = sizeOf(message);
    lastMessage = message;
  }
  return lastMessageSize;
}

/**
 * The walk's stack, shared by every call: sizeOf runs for each event a task takes, and a stack
 * and a closure per call were garbage at the rate of an artifact stream. It is synchronous and
 * never re-entered; a stack grown by a very wide value is dropped afterwards.
 */
let stack: object[] = [];

/** The estimated size of a JSON-like value. Linear in its nodes, not in its string lengths. */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return STRING + value.length;
  if (value === null || typeof value !== 'object') return 0;
  let total = 0;
  let widest = 0;
  // Only objects and arrays go on the stack; strings are counted where they are met and other
  // leaves live in their slots (a 500,000-number array is one pass, no pushes: a few ms).
  stack.push(value);
  while (stack.length > 0) {
    if (stack.length > widest) widest = stack.length;
    const v = stack.pop()!;
    if (v === lastMessage) total += lastMessageSize;
    else if (Array.isArray(v)) {
      total += ARRAY + SLOT * v.length;
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'string') total += STRING + item.length;
        else if (item !== null && typeof item === 'object') stack.push(item);
      }
    } else {
      total += OBJECT;
      for (const key in v) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        total += SLOT;
        const item: unknown = (v as Record<string, unknown>)[key];
        if (typeof item === 'string') total += STRING + item.length;
        else if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  if (widest > 4096) stack = [];
  return total;
}

export type BudgetLimit = 'messageBytes' | 'taskBytes' | 'memoryBytes';

const setting: Record<BudgetLimit, string> = {
  messageBytes: 'server.limits.messageBytes',
  taskBytes: 'server.limits.taskBytes',
  memoryBytes: 'server.tasks.memoryBytes',
};

/**
 * The error for a budget that would be exceeded. A client's message or task that is too big
 * is the client's mistake (-32602); a server whose task memory is full is a temporary
 * condition of the server (-32603, "try again later"), like HTTP's 503.
 */
export function budgetError(limit: BudgetLimit, max: number, what: string, path?: string): JsonRpcError {
  const data = { limit, max, ...(path === undefined ? {} : { path }) };
  if (limit === 'memoryBytes') {
    // Nothing was done: the same request may be sent again (HTTP+JSON 503 with Retry-After, gRPC UNAVAILABLE).
    const retry = { ...data, [RETRY_AFTER_FIELD]: 1 };
    return errorFor('internal', `the server holds as much task data as it may (${max} bytes, limit ${setting[limit]}): ${what}; try again later`, retry);
  }
  const message = `${what}: more than ${max} bytes (limit ${setting[limit]})`;
  return path === undefined ? errorFor('invalidParams', message, data) : invalidParams(path, message, data);
}
