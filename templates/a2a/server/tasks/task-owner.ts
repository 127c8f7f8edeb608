// Which principal a task belongs to. When an agent authenticates its callers, each task (and
// with it its push configs and streams) belongs to the principal that created it; any other
// principal is told the task does not exist. The owner key rides on the task object under a
// symbol: never serialized, so no client sees it, and evicted with the task.
import type { Principal } from '../executor.js';

const OWNER = Symbol('a2a.taskOwner');

/** Maps an authenticated principal to the key that owns its tasks (e.g. a tenant claim). */
export type TaskOwnerKey = (principal: Principal) => string | undefined;

/**
 * The default key: the principal's `subject` (or `sub`), else all its claims. Two principals
 * with the same key share their tasks; a key of `undefined` makes a task everyone's.
 */
export const defaultOwnerKey: TaskOwnerKey = (principal) => {
  const subject = principal.subject ?? principal.sub;
  if (typeof subject === 'string' || typeof subject === 'number') return `subject:${subject}`;
  const claims = Object.keys(principal)
    .sort()
    .map((key) => [key, principal[key]]);
  return `claims:${JSON.stringify(claims)}`;
};

export function ownerOf(task: object): string | undefined {
  return (task as { [OWNER]?: string })[OWNER];
}

export function setOwner(task: object, owner: string | undefined): void {
  if (owner === undefined || ownerOf(task) === owner) return;
  Object.defineProperty(task, OWNER, { value: owner, enumerable: false, configurable: true, writable: true });
}

/** Whether a caller with owner key `caller` may see the task. */
export const visibleTo = (task: object, caller: string | undefined): boolean => {
  const owner = ownerOf(task);
  return owner === undefined || owner === caller;
};
