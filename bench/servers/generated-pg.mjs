// The generated server with the PostgreSQL store (bench/pg.mjs): the bench agent generated with
// `server.store: postgres`, DATABASE_URL from the environment; the skill of bench/servers/behaviour.mjs.
import { benchSkill } from './behaviour.mjs';

const dir = process.argv[2];
const { createA2AServer } = await import(`${dir}/dist/a2a/server/index.js`);
const { connectPostgres } = await import(`${dir}/dist/a2a/postgres/postgres.js`);
const stores = await connectPostgres({
  url: process.env.DATABASE_URL,
  poolSize: Number(process.env.POOL_SIZE ?? 10),
  writeConcurrency: process.env.WRITE_CONCURRENCY ? Number(process.env.WRITE_CONCURRENCY) : undefined,
  readConcurrency: process.env.READ_CONCURRENCY ? Number(process.env.READ_CONCURRENCY) : undefined,
  log: () => {},
});
const server = createA2AServer({
  skills: { bench: benchSkill },
  logger: false,
  taskStore: stores.taskStore,
  pushConfigStore: stores.pushConfigStore,
  eventBus: stores.eventBus,
});
const { port } = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port, path: '/' }));
process.on('SIGTERM', () => void server.close({ graceMs: 100 }).then(() => process.exit(0)));
process.on('SIGINT', () => void server.close({ graceMs: 100 }).then(() => process.exit(0)));
