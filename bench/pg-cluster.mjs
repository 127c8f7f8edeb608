// A throwaway PostgreSQL cluster for bench/pg.mjs (the tests' test/helpers/postgres.ts, in
// plain JS): initdb in a temporary folder — as an unprivileged user when run as root, since
// initdb refuses root — on a free loopback port, removed by stop().
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, chownSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

function bin() {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => b - a)
    : [];
  if (!majors.length) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  return join(root, majors[0], 'bin');
}

function user() {
  if (process.getuid() !== 0) return undefined;
  for (const name of ['postgres', 'a2a-pg']) {
    try {
      return { uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' })) };
    } catch {
      // next
    }
  }
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'a2a-pg']);
  return user();
}

const asUser = (u, cmd, args) => (u ? ['setpriv', [`--reuid=${u.uid}`, `--regid=${u.gid}`, '--clear-groups', '--', cmd, ...args]] : [cmd, args]);

/** Child process ids, from /proc (no procps on a minimal machine). */
function childrenOf(parent) {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    });
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts a cluster; `settings` are extra `-c name=value` server settings. */
export async function startCluster(settings = []) {
  const b = bin();
  const u = user();
  const dir = mkdtempSync(join(tmpdir(), 'a2a-bench-pg-'));
  if (u) chownSync(dir, u.uid, u.gid);
  const data = join(dir, 'data');
  const [ic, ia] = asUser(u, join(b, 'initdb'), ['-D', data, '-U', 'a2a', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  execFileSync(ic, ia, { stdio: 'pipe', cwd: dir });
  const port = await freePort();
  const [cmd, args] = asUser(u, join(b, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
    ...settings.flatMap((s) => ['-c', s]),
  ]);
  const child = spawn(cmd, args, { cwd: dir, stdio: 'ignore', detached: true });
  // However the bench ends (an error, ^C), the cluster and its folder go with it.
  const cleanup = () => {
    if (child.exitCode === null) child.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanup);
  for (let i = 0; ; i++) {
    const c = new pg.Client({ host: '127.0.0.1', port, user: 'a2a', database: 'postgres' });
    try {
      await c.connect();
      await c.query('CREATE DATABASE bench');
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => {});
      if (i > 200) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `postgres://a2a@127.0.0.1:${port}/bench`,
    /** Process ids of the cluster (the postmaster and its children: each backend has a session of its own), for CPU accounting. */
    pids: () => [child.pid, ...childrenOf(child.pid)],
    async stop() {
      process.removeListener('exit', cleanup);
      child.kill('SIGINT');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
