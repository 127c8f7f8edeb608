// The ceiling for bench/server-v1.mjs: node:http reading and parsing a JSON-RPC body and
// answering fixed bodies of the same shape and size as the generated v1.0 server's (A2A v1.0
// ProtoJSON): SendMessage (scenario T) with `{ task }` holding the completed Task with its one
// artifact and its history, GetTask with the Task itself. Only the JSON-RPC id is spliced in;
// no task is kept, no id made, nothing serialized per request (bench/servers/bare.mjs likewise).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const taskId = randomUUID();
const contextId = randomUUID();
const timestamp = new Date().toISOString();
const text = 'task hello';
// Key order as the generated v1.0 server writes them (bench/server-v1.mjs checks the sizes at start).
const task = {
  id: taskId,
  contextId,
  status: { state: 'TASK_STATE_COMPLETED', timestamp },
  history: [{ messageId: 'm-100', role: 'ROLE_USER', parts: [{ text }], taskId, contextId }],
  artifacts: [{ parts: [{ text }], artifactId: randomUUID() }],
};
/** A JSON-RPC response split around its id, the body for id 1 (what the bench sends) made once. */
function fixedResponse(result) {
  const tail = `,"result":${JSON.stringify(result)}}`;
  const render = (idJson) => `{"jsonrpc":"2.0","id":${idJson}${tail}`;
  const one = render('1');
  return (idJson) => (idJson === '1' ? one : render(idJson));
}
const sent = fixedResponse({ task });
const got = fixedResponse(task);

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString());
    const idJson = JSON.stringify(body.id ?? null);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body.method === 'GetTask' ? got(idJson) : sent(idJson));
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port, path: '/' })));
