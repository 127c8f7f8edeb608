// The ceiling: node:http reading and parsing a JSON-RPC body and answering, nothing else.
//   direct reply: a JSON echo of the message's parts (stringified per request)
//   task (scenario T) and tasks/get: a fixed body, the same shape and size as the generated
//     server's completed Task (one artifact, its history)
//   streams ("stream N", scenario S "chunks N"): a fixed SSE body, the same events, shapes and
//     sizes as the generated server's stream, written at once (the generated server coalesces
//     the events of one tick into one write too)
// Only the JSON-RPC id is spliced into the fixed bodies. No task is kept, no id is made, no
// event is built or serialized per request: that work is what the other servers are measured on.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { chunkText, parse } from './behaviour.mjs';

const taskId = randomUUID();
const contextId = randomUUID();
const artifactId = randomUUID();
const timestamp = new Date().toISOString();
const text = (t) => ({ kind: 'text', text: t });
// Key order as the generated server writes them (bench/README.md: sizes are checked at start).
const userMessage = (t) => ({ kind: 'message', messageId: 'm-100', role: 'user', parts: [text(t)], taskId, contextId });
const task = (t, state, extra = {}) => ({ id: taskId, contextId, status: { state, timestamp }, history: [userMessage(t)], kind: 'task', ...extra });
const agentMessage = (t) => ({ role: 'agent', parts: [text(t)], messageId: randomUUID(), kind: 'message', taskId, contextId });
const statusUpdate = (state, final, message) => ({
  taskId,
  contextId,
  kind: 'status-update',
  status: { state, ...(message ? { message: agentMessage(message) } : {}), timestamp },
  final,
});
const artifactUpdate = (i, n) => ({
  taskId,
  contextId,
  kind: 'artifact-update',
  ...(i > 0 ? { append: true } : {}),
  ...(i === n - 1 ? { lastChunk: true } : {}),
  artifact: { parts: [text(chunkText(i))], artifactId },
});

/** A JSON-RPC response split around its id: `render(idJson)` puts the request's id in. */
function fixedResponse(result) {
  const tail = `,"result":${JSON.stringify(result)}}`;
  return (idJson) => `{"jsonrpc":"2.0","id":${idJson}${tail}`;
}
const fixedStream = (events) => {
  const responses = events.map(fixedResponse);
  return (idJson) => responses.map((r) => `data: ${r(idJson)}\n\n`).join('');
};
/** Fixed bodies for id 1 (what the bench sends) are made once; other ids are rendered per call. */
const cached = (render) => {
  const one = render('1');
  return (idJson) => (idJson === '1' ? one : render(idJson));
};

const completedTask = cached(fixedResponse(task('task hello', 'completed', { artifacts: [{ parts: [text('task hello')], artifactId }] })));
const streams = new Map();
const streamOf = (command, n) => {
  const key = `${command} ${n}`;
  let render = streams.get(key);
  if (!render) {
    const events = [task(key, 'submitted')];
    if (command === 'chunks') {
      events.push(statusUpdate('working', false));
      for (let i = 0; i < n; i++) events.push(artifactUpdate(i, n));
    } else for (let i = 0; i < n; i++) events.push(statusUpdate('working', false, `event ${i}`));
    events.push(statusUpdate('completed', true));
    streams.set(key, (render = cached(fixedStream(events))));
  }
  return render;
};
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString());
    const idJson = JSON.stringify(body.id ?? null);
    const message = body.params?.message;
    const { command, n } = parse(message?.parts?.[0]?.text ?? '');
    if (body.method === 'message/stream') {
      res.writeHead(200, SSE_HEADERS);
      res.write(streamOf(command === 'chunks' ? 'chunks' : 'stream', n)(idJson));
      res.end();
      return;
    }
    let out;
    if (body.method === 'tasks/get' || command === 'task') out = completedTask(idJson);
    else out = JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { kind: 'message', role: 'agent', parts: message?.parts ?? [] } });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(out);
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port, path: '/' })));
