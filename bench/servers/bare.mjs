// The floor: node:http reading a JSON body and answering JSON, nothing else.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString());
    const out = JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { kind: 'message', role: 'agent', parts: body.params?.message?.parts ?? [] } });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(out);
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port, path: '/' })));
