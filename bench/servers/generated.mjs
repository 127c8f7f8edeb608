// The generated server (bench/fixtures/bench-agent.a2a.yaml), built by bench/prepare.mjs.
import { parse } from './behaviour.mjs';

const dir = process.argv[2];
const { createA2AServer } = await import(`${dir}/dist/a2a/server/index.js`);
const server = createA2AServer({
  skills: {
    bench: (context, events) => {
      const { command, n } = parse(context.text);
      if (command === 'echo') return context.text;
      if (command === 'stream') {
        for (let i = 0; i < n; i++) events.working(`event ${i}`);
        return events.complete();
      }
      events.working();
      events.artifact(context.text);
      events.complete();
    },
  },
  logger: false,
});
const { port } = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port, path: "/" }));
process.on("SIGINT", () => process.exit(0));
