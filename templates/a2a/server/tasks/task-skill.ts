// Which skill a task belongs to: the one its first message was routed to. A message that
// continues the task goes to that skill, whatever the per-message routing rules would pick
// (routing.ts), since standard clients name a skill only when they start a task. Like the owner
// (task-owner.ts) it rides on the task object under a symbol, never serialized; a shared store
// keeps it in a column of its own (postgres/). A task stored without one (a store that does not
// keep it) is routed per message, as before.
const SKILL = Symbol('a2a.taskSkill');

export function skillOf(task: object): string | undefined {
  return (task as { [SKILL]?: string })[SKILL];
}

export function setSkill(task: object, skill: string | undefined): void {
  if (skill === undefined || skillOf(task) === skill) return;
  Object.defineProperty(task, SKILL, { value: skill, enumerable: false, configurable: true, writable: true });
}
