// What every benchmark server does, so they do the same work:
//   "echo …"      → a Message with the same text (no task kept)
//   "task …"      → a task: working, then completed with the text as an artifact
//   "stream <n>"  → a task streaming n status updates, then completed
export const parse = (text) => {
  const [command, arg] = text.split(' ');
  return { command, n: Number(arg) || 100 };
};
