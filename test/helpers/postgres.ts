// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, a free loopback port,
// removed afterwards. initdb and postgres refuse to run as root, so as root (CI, this machine)
// the cluster runs as an unprivileged system user (`postgres` when Debian's package made it,
// else `a2a-pg`, created on first use). The server is spawned directly (setpriv, no wrapper), in
// its own process group, so a test can crash it — SIGKILL to every process of the cluster (the
// postmaster and each child: backends run in sessions of their own) — and start it again on the
// same folder and port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

export interface PgCluster {
  port: number;
  /** A URL for a new, empty database of that name. */
  createDatabase(name: string): Promise<string>;
  /** Crash: SIGKILL to the postmaster and all its children. */
  kill(): Promise<void>;
  /** Starts the server again on the same folder and port (after kill()). */
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  remove(): Promise<void>;
}

const SUPERUSER = 'a2a';

/** The newest PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(root, majors[0], 'bin');
}

/** The unprivileged user the cluster runs as, when we are root. */
function clusterUser(): { uid: number; gid: number; name: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (name: string): { uid: number; gid: number; name: string } | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid, name };
    } catch {
      return undefined;
    }
  };
  const existing = lookup('postgres') ?? lookup('a2a-pg');
  if (existing) return existing;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'a2a-pg']);
  return lookup('a2a-pg');
}

function asUser(user: { uid: number; gid: number } | undefined, command: string, args: string[]): [string, string[]] {
  return user ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', command, ...args]] : [command, args];
}

/** Child process ids, from /proc (no procps on a minimal machine). */
function childrenOf(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export async function startCluster(): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (.ci/run does it)');
  const user = clusterUser();
  const dir = await mkdtemp(join(tmpdir(), 'a2a-pg-'));
  if (user) await chown(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const [initCmd, initArgs] = asUser(user, join(bin, 'initdb'), ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe', cwd: dir });
  const port = await freePort();
  let child: ChildProcess | undefined;
  let log = '';

  const start = async (): Promise<void> => {
    const [cmd, args] = asUser(user, join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      // A test cluster: durability against an OS crash is not what is tested, speed is welcome.
      // Commits stay synchronous: a killed server must keep every commit it acknowledged (the
      // WAL reaches the OS before the answer, and the OS outlives the server).
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ]);
    child = spawn(cmd, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-10_000)));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`postgres did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  const waitExit = (c: ChildProcess): Promise<void> =>
    new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve())));

  await start();
  return {
    port,
    async createDatabase(name) {
      const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://${SUPERUSER}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async kill() {
      const c = child!;
      const children = childrenOf(c.pid!);
      for (const pid of [c.pid!, ...children]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await waitExit(c);
      // Orphaned children are reaped by init: wait until none is left, so the restart finds no one attached to the old shared memory.
      for (let i = 0; i < 100 && children.some((pid) => existsSync(`/proc/${pid}`)); i++) await new Promise((r) => setTimeout(r, 20));
    },
    start,
    async remove() {
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        c.kill('SIGINT'); // fast shutdown
        const timer = setTimeout(() => {
          try {
            process.kill(-c.pid!, 'SIGKILL');
          } catch {
            // gone
          }
        }, 10_000);
        await waitExit(c);
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
