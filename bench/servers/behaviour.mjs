// What every benchmark server does, so they do the same work:
//   "echo …"      → a Message with the same text (no task kept)                  direct reply
//   "task …"      → a task: one text artifact holding the whole user text, then
//                   completed (scenario T: the answer is the completed Task with
//                   its one artifact and its history)
//   "stream <n>"  → a task streaming n status updates, then completed           status stream
//   "chunks <n>"  → a task streaming `working`, then n artifact-update chunks of
//                   one artifact (`append` after the first, `lastChunk` on the
//                   last), then `completed` (scenario S)
// On the wire a stream starts with the Task, so "stream 100" is 102 SSE events and
// "chunks 100" is 103.
export const parse = (text) => {
  const [command, arg] = text.split(' ');
  return { command, n: Number(arg) || 100 };
};

/** The text of chunk i of scenario S. */
export const chunkText = (i) => `chunk ${i}`;

/** The generated agents' one skill (bench/servers/generated*.mjs), doing all of the above through the generated API. */
export function benchSkill(context, events) {
  const { command, n } = parse(context.text);
  if (command === 'echo') return context.text;
  if (command === 'stream') {
    for (let i = 0; i < n; i++) events.working(`event ${i}`);
    return events.complete();
  }
  if (command === 'chunks') {
    events.working();
    const artifactId = events.artifact(chunkText(0), n === 1 ? { lastChunk: true } : {});
    for (let i = 1; i < n; i++) events.artifact(chunkText(i), i === n - 1 ? { artifactId, append: true, lastChunk: true } : { artifactId, append: true });
    return events.complete();
  }
  // "task": one text artifact holding the user's text, then completed.
  events.artifact(context.text);
  events.complete();
}
