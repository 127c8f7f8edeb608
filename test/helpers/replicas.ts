// Replicas of one generated PostgreSQL agent (server.store: postgres), each its own process on a
// loopback port, sharing one database. Their skill follows its message text:
//   quick <x>          completes at once with "done quick <x>"
//   ticks <n> <ms>     n artifact chunks of artifact "a", ms apart, then completed
//   at-once            one artifact and completed in the same turn (scenario T of the bench)
//   hang               works until canceled; when its signal aborts it writes marks/<taskId>
//   unstorable         publishes an artifact whose text holds a NUL (text no task store can keep)
//   ask                input-required; the next message completes it with "got: <text>"
// The v1.0 project (pgAgentProjectV1) has a second skill, `interview`, never the default: it asks
// who you are, and its follow-up answers "interview got: <text>".
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { agentProject, type AgentProject } from './agent-project.js';

export const PG_MANIFEST = `spec: 0.3.0
agent:
  name: Replica Agent
  description: One agent, several processes, one PostgreSQL database.
  version: 1.0.0
  url: http://127.0.0.1:41390/
  capabilities: { streaming: true, pushNotifications: true }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: work
    name: Work
    description: Follows the instructions in its text.
    tags: [test]
server:
  store: postgres
`;

/** The same agent on v1.0 answering v0.3.0 clients, with a second skill a follow-up reaches only through its task. */
export const PG_MANIFEST_V1 = `spec: '1.0'
compat: [0.3.0]
agent:
  name: Replica Agent
  description: One agent, several processes, one PostgreSQL database.
  version: 1.0.0
  url: http://127.0.0.1:41390/
  capabilities: { streaming: true, pushNotifications: true }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: work
    name: Work
    description: Follows the instructions in its text.
    tags: [test]
  - id: interview
    name: Interview
    description: Asks who you are, then answers.
    tags: [test]
server:
  store: postgres
`;

const SCRIPT = `
import { createA2AServer } from './dist/a2a/server/index.js';
import { connectPostgres } from './dist/a2a/postgres/postgres.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
const env = process.env;
const log = (level, message, error) => process.stderr.write(level + ' ' + message + ' ' + (error?.message ?? '') + '\\n');
const stores = await connectPostgres({ url: env.DATABASE_URL, heartbeatMs: Number(env.HEARTBEAT_MS), leaseMs: Number(env.LEASE_MS), writeTimeoutMs: Number(env.WRITE_TIMEOUT_MS), maxFinished: env.MAX_FINISHED ? Number(env.MAX_FINISHED) : undefined, finishedTtlSeconds: env.TTL_SECONDS ? Number(env.TTL_SECONDS) : undefined, log });
const sleep = (ms, signal) => new Promise((resolve, reject) => {
  const abort = () => { clearTimeout(timer); reject(signal.reason); };
  const timer = setTimeout(() => { signal.removeEventListener('abort', abort); resolve(); }, ms);
  signal.addEventListener('abort', abort, { once: true });
});
const server = createA2AServer({
  skills: {
    work: async (ctx, events) => {
      if (ctx.task) return 'got: ' + ctx.text;
      const [command, a, b] = ctx.text.trim().split(/\\s+/);
      if (command === 'ask') return events.inputRequired('and then?');
      if (command === 'quick') return 'done ' + ctx.text;
      if (command === 'unstorable') {
        events.working();
        events.artifact('a NUL \\u0000 from the agent'); // text no store can keep: refused, the task fails
        return 'never reached';
      }
      if (command === 'at-once') {
        events.artifact({ parts: [{ kind: 'text', text: 'all of it' }], artifactId: 'a' });
        return 'finished'; // completes the task a few promise jobs later, in the same turn
      }
      if (command === 'ticks') {
        for (let i = 0; i < Number(a); i++) {
          await sleep(Number(b), ctx.signal);
          events.artifact({ parts: [{ kind: 'text', text: String(i) }], artifactId: 'a' }, { append: i > 0 });
        }
        return 'finished';
      }
      if (command === 'hang') {
        events.working();
        const taskId = ctx.taskId;
        await new Promise((resolve) => ctx.signal.addEventListener('abort', () => { writeFileSync(join(env.MARKS_DIR, taskId), String(process.pid)); resolve(); }, { once: true }));
        return;
      }
      return 'unknown command ' + command;
    },
    interview: (ctx, events) => (ctx.task ? 'interview got: ' + ctx.text : events.inputRequired('who are you?')),
  },
  logger: (level, message, error) => log(level, message, error),
  abandonGraceMs: Number(env.ABANDON_MS ?? 60000),
  // The tests' webhook receivers listen on loopback.
  push: { allowPrivateTargets: ['127.0.0.1'], retryDelaysMs: [50, 100] },
  shutdownGraceMs: 200,
  taskStore: stores.taskStore,
  pushConfigStore: stores.pushConfigStore,
  eventBus: stores.eventBus,
});
const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
console.log(url);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
`;

export interface Replica {
  name: string;
  url: string;
  pid: number;
  stderr(): string;
  alive(): boolean;
  /** SIGKILL: no cleanup of any kind. */
  kill(): Promise<void>;
  /** SIGTERM: the server's graceful close. */
  stop(): Promise<void>;
}

export const pgAgentProject = (): Promise<AgentProject> => agentProject('pg-replicas', PG_MANIFEST);
export const pgAgentProjectV1 = (): Promise<AgentProject> => agentProject('pg-replicas-v1', PG_MANIFEST_V1);

export interface ReplicaSettings {
  heartbeatMs?: number;
  leaseMs?: number;
  writeTimeoutMs?: number;
  abandonGraceMs?: number;
  maxFinished?: number;
  finishedTtlSeconds?: number;
}

export async function startReplica(project: AgentProject, name: string, databaseUrl: string, settings: ReplicaSettings = {}): Promise<Replica> {
  const script = join(project.dir, 'replica.mjs');
  if (!existsSync(script)) await writeFile(script, SCRIPT);
  const marks = join(project.dir, 'marks');
  await mkdir(marks, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: project.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MARKS_DIR: marks,
      HEARTBEAT_MS: String(settings.heartbeatMs ?? 300),
      LEASE_MS: String(settings.leaseMs ?? 3000),
      WRITE_TIMEOUT_MS: String(settings.writeTimeoutMs ?? 2000),
      ABANDON_MS: String(settings.abandonGraceMs ?? 60_000),
      MAX_FINISHED: settings.maxFinished === undefined ? '' : String(settings.maxFinished),
      TTL_SECONDS: settings.finishedTtlSeconds === undefined ? '' : String(settings.finishedTtlSeconds),
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.split('\n')[0].trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening: ${stderr}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = (): boolean => child.exitCode === null && child.signalCode === null;
  return {
    name,
    url,
    pid: child.pid!,
    stderr: () => stderr,
    alive,
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export const marksDir = (project: AgentProject): string => join(project.dir, 'marks');
