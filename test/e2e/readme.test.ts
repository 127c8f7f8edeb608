// The README, run as written: its first command on a fresh clone yields a running agent, and
// the five-minute tutorial works step by step — with the quick start's agent still running, as a
// reader who did both would have it. Commands come from README.md itself; the only changes are
// that `npm start` runs in the background (the README says "keep it running") and that every
// agent listens on a free port of the test's own instead of the README's (41241, 31251, 31252):
// the reader running this test may well have the quick start's agent on 41241 still.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';
import { freePort } from '../helpers/ports.js';
import { tempDir } from '../helpers/tmp.js';

const run = promisify(execFile);
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The ```sh blocks of a part of the README. */
function shellBlocks(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/**
 * A bash script for blocks: `npm start` (with an optional env prefix) restarts the agent of the
 * current folder in the background and waits until it listens; every agent stops on exit.
 */
function script(blocks: string[]): string {
  const prelude = `set -euo pipefail
export CI=true npm_config_audit=false npm_config_fund=false npm_config_loglevel=error
declare -A AGENTS=()
# Each agent runs in a process group of its own (npm start → npm → node): stopping kills the group.
stop_group() { kill -- "-$1" 2>/dev/null || true; for _ in $(seq 1 40); do kill -0 -- "-$1" 2>/dev/null || return 0; sleep 0.25; done; }
stop_all() { for pid in "\${AGENTS[@]}"; do stop_group "$pid"; done; }
trap stop_all EXIT
start_agent() {
  local key="$PWD"
  if [ -n "\${AGENTS[$key]:-}" ]; then stop_group "\${AGENTS[$key]}"; fi
  setsid env "$@" npm start > "$PWD/.agent.log" 2>&1 &
  local pid=$!
  AGENTS[$key]=$pid
  # npm start compiles first: on a busy machine (the whole suite runs in parallel) that takes a while.
  # An agent that exits instead (a port in use) fails the step at once, with its log.
  for _ in $(seq 1 480); do
    grep -q "listening on" "$PWD/.agent.log" && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  echo "npm start in $PWD did not listen:"; cat "$PWD/.agent.log"; return 1
}
`;
  const body = blocks
    .join('\n')
    .split('\n')
    .map((line) => {
      const start = /^((?:[A-Z_]+=\S+ )*)npm start(\s*#.*)?$/.exec(line);
      return start ? `start_agent ${start[1].trim()}` : line;
    })
    .join('\n');
  return `${prelude}\n${body}\n`;
}

describe('README.md', () => {
  it('opens with exactly two commands: the main job, then the tests', () => {
    const first = readme.slice(0, readme.indexOf('## '));
    expect(shellBlocks(first)).toEqual(['npm ci && npx a2a-gen init my-agent --yes && cd my-agent && npm install && npm start\nnpm ci && npm test\n']);
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci && npm test$/m);
  });

  it("the tutorial never uses the quick start's port: each agent its own PORT, each client its agent's", () => {
    const quickPort = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(readme.slice(0, readme.indexOf('## ')))![1];
    const tutorial = shellBlocks(readme.slice(readme.indexOf('## Five-minute tutorial'), readme.indexOf('## What you get'))).join('\n');
    const starts = [...tutorial.matchAll(/^(.*)npm start\b.*$/gm)].map((m) => /\bPORT=(\d+) $/.exec(m[1])?.[1]);
    expect(starts).toHaveLength(3);
    expect(starts.every((p) => p !== undefined && p !== quickPort)).toBe(true);
    const urls = [...tutorial.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((p) => !starts.includes(p))).toEqual([]);
  });

  it('on a fresh clone: the first command yields a running agent, and the tutorial works as written', async () => {
    const work = await tempDir('readme-');
    const clone = join(work, 'clone');
    await run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
    const quickStart = readme.slice(0, readme.indexOf('## '));
    const quickPort = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(quickStart)![1];
    const tutorialText = shellBlocks(readme.slice(readme.indexOf('## Five-minute tutorial'), readme.indexOf('## What you get'))).join('\n');
    // Each README port → a free one, the same throughout (an agent's PORT= and its clients' URLs).
    const readmePorts = [quickPort, ...new Set([...tutorialText.matchAll(/\bPORT=(\d+)/g)].map((m) => m[1]))];
    const ports = new Map<string, string>();
    for (const p of readmePorts) ports.set(p, String(await freePort()));
    expect(new Set(ports.values()).size).toBe(readmePorts.length);
    const ownPorts = (text: string): string => text.replace(/\b\d{4,5}\b/g, (p) => ports.get(p) ?? p);
    // The quick start's `npm start` serves on its default port: here it is told a free one.
    const firstCommand = shellBlocks(quickStart)[0]
      .split('\n')[0]
      .replace(/ npm start$/, ` PORT=${quickPort} npm start`);
    const tutorial = shellBlocks(readme.slice(readme.indexOf('## Five-minute tutorial'), readme.indexOf('## What you get'))).map(ownPorts);
    expect(tutorial).toHaveLength(4);
    // The main job, then a look at the agent it started; then the tutorial while that agent still
    // runs (terminal 1 runs block 1, terminal 2 the rest: it starts from the repository root too);
    // then the quick start's agent again, which the tutorial must have left alone.
    const card = (tag: string) =>
      `node -e "fetch('http://127.0.0.1:${ports.get(quickPort)}/.well-known/agent-card.json').then((r) => r.json()).then((c) => console.log('${tag} ' + c.name))"`;
    const steps = [
      ownPorts(firstCommand).replace(/ && /g, '\n'),
      card('CARD'),
      'cd ..',
      tutorial[0],
      'cd ..',
      tutorial[1],
      tutorial[2],
      tutorial[3],
      card('STILL'),
    ];
    writeFileSync(join(work, 'readme.sh'), script(steps));
    const { stdout } = await run('bash', [join(work, 'readme.sh')], { cwd: clone, maxBuffer: 64 * 1024 * 1024, timeout: 900_000 }).catch(
      (err: { stdout?: string; message: string }) => {
        // The script's own output says which step failed; the error alone only has stderr.
        throw new Error(`${err.message}\n--- stdout (last 4000 characters) ---\n${(err.stdout ?? '').slice(-4000)}`);
      },
    );
    expect(stdout).toContain('CARD My Agent'); // init my-agent names it after its folder
    expect(stdout).toContain('STILL My Agent');
    expect(stdout).toContain('Hello, agent!');
    expect(stdout).toContain('QUIET PLEASE');
    expect(stdout).toContain('hello-agent said: ping');
  }, 1_000_000);
});
