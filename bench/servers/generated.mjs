// The generated server (bench/fixtures/bench-agent.a2a.yaml), built by bench/prepare.mjs.
import { benchSkill } from './behaviour.mjs';

const dir = process.argv[2];
const { createA2AServer } = await import(`${dir}/dist/a2a/server/index.js`);
const server = createA2AServer({ skills: { bench: benchSkill }, logger: false });
if (process.argv[3] === '--fetch') {
  // The same server through its Fetch-API handler, behind node:http with the usual bridge
  // (a WHATWG Request per call, the Response streamed back): what a Fetch-first core would cost.
  const { createServer } = await import('node:http');
  const bridge = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const response = await server.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  await new Promise((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  console.log(JSON.stringify({ port: bridge.address().port, path: '/' }));
} else {
  const { port, grpc } = await server.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port, path: '/', ...(grpc ? { grpcPort: grpc.port } : {}) }));
}
process.on('SIGINT', () => process.exit(0));
// bench/server.mjs --memory: the memory in use, after a full collection when node runs with --expose-gc.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  console.log(JSON.stringify({ memory: process.memoryUsage(), collected: typeof globalThis.gc === 'function' }));
});
