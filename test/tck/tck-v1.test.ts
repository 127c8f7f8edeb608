// The official A2A TCK for v1.0 (a2a-tck 1.0-dev, commit 357c4a8: requirement-based, MUST/SHOULD/
// MAY) against two generated v1.0 agents: the default of `init` (v1.0 answering v0.3.0 clients)
// and a pure v1.0 agent. Each is scaffolded from test/fixtures/agents/, given the TCK's profile
// by messageId prefix (test/tck/agent/src/skills/tck-v1.ts) as its author would write it,
// type-checked and started on loopback; the TCK then runs over every transport its card lists.
// Any failure fails this test, except the TCK's own faults (KNOWN_V1_FAULTS, each with its
// reason). The TCK is found through A2A_TCK_V1_DIR (tck-location.ts), its Python through
// A2A_TCK_V1_PYTHON or the venv beside it; without the TCK the test skips with one line.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { FIXTURES } from '../helpers/server.js';
import { typecheck } from '../helpers/typecheck.js';
import { startAgentProcess, tckAuthorFiles, type AgentProcess } from './agent-process.js';
import { locateTck, TCK_V1, v1Python } from './tck-location.js';
import { isFailure, knownFault, requireV1Python, runV1Tck, type V1Record } from './tck-v1.js';

/** Seconds the TCK waits on streams; the agent holds resubscribe tasks for 2 × this + 1 s. */
const STREAMING_TIMEOUT = '2.0';

const source = locateTck(TCK_V1);
const abort = new AbortController();
const agents: AgentProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  abort.abort(new Error('the TCK test ended'));
  for (const agent of agents) await agent.stop();
  if (process.env.KEEP_TMP) return;
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const AGENTS = [
  { fixture: 'tck-compat', compat: true, what: 'a generated v1.0 agent answering v0.3.0 clients (the default of init)' },
  { fixture: 'tck-v1', compat: false, what: 'a generated pure v1.0 agent' },
];

const TRANSPORTS = ['card', 'jsonrpc', 'http_json', 'grpc', 'any'];
function counts(records: V1Record[]): string {
  const n = (f: (r: V1Record) => boolean) => records.filter(f).length;
  return `${n((r) => r.outcome === 'passed' || r.outcome === 'xpassed')} passed, ${n(isFailure)} failed, ${n((r) => r.outcome === 'skipped')} skipped`;
}

if (source.skip) {
  console.log(`the official A2A TCK v1.0 is skipped: ${source.skip}`);
  it.skip(`the official A2A TCK v1.0: ${source.skip}`, () => {});
} else
  describe.each(AGENTS)('the official A2A TCK v1.0', ({ fixture, compat, what }) => {
    it(`passes against ${what}, apart from the TCK's own faults`, async () => {
      const started = Date.now();
      const python = v1Python(source.dir!);
      await requireV1Python(python);
      const work = await mkdtemp(join(tmpdir(), 'a2a-gen-tck-v1-'));
      dirs.push(work);
      const project = await agentProject(`${fixture}-v1tck`, readFileSync(join(FIXTURES, `${fixture}.a2a.yaml`), 'utf8'), undefined, tckAuthorFiles('tck-v1'));
      dirs.push(project.dir);
      // esbuild only strips types: the profile is checked against the generated API here.
      expect(await typecheck(project.dir, [project.dir])).toBe('');

      const agent = await startAgentProcess(project.dir, ['--import', './dist/loopback-only.js'], { TCK_STREAMING_TIMEOUT: STREAMING_TIMEOUT });
      agents.push(agent);
      const result = await runV1Tck({ tck: source.dir!, python, sutUrl: agent.url, workDir: work, streamingTimeout: STREAMING_TIMEOUT, signal: abort.signal });
      // pytest's 2–5 (interrupted, internal or usage error, nothing collected), or no records: the run itself broke.
      if (result.exitCode < 0 || result.exitCode > 1 || result.records.length === 0) {
        throw new Error(
          `TCK v1.0: pytest exited ${result.exitCode} with ${result.records.length} tests\n${result.output.slice(-6000)}\n--- agent log ---\n${agent.log().slice(-3000)}`,
        );
      }
      const failures = result.records.filter(isFailure);
      const known = failures.filter((r) => knownFault(r, compat));
      const unexpected = failures.filter((r) => !knownFault(r, compat));
      const line = (r: V1Record) => `${r.nodeid} (${r.requirement ?? 'no requirement'}, ${r.transport})`;
      console.log(
        [
          `A2A TCK v1.0 against ${what} at ${agent.url} (TCK_STREAMING_TIMEOUT=${STREAMING_TIMEOUT}), ${((Date.now() - started) / 1000).toFixed(1)} s:`,
          ...TRANSPORTS.map((t) => [t, result.records.filter((r) => r.transport === t)] as const)
            .filter(([, records]) => records.length > 0)
            .map(([t, records]) => `  ${t}: ${counts(records)}`),
          `  all: ${counts(result.records)}`,
          ...known.map((r) => `  known TCK fault, not counted against the agent: ${line(r)}: ${knownFault(r, compat)!.why}`),
          ...unexpected.map((r) => `  FAILED[${r.outcome}] ${line(r)}\n      ${r.reason.replace(/\s+/g, ' ').slice(0, 600)}`),
          `  records in ${work}${process.env.KEEP_TMP ? '' : ' (removed at the end; KEEP_TMP=1 keeps them)'}`,
        ].join('\n'),
      );
      expect(unexpected.map(line)).toEqual([]);
      // Every transport of the card was really exercised.
      for (const transport of ['jsonrpc', 'http_json']) expect(result.records.some((r) => r.transport === transport && r.outcome === 'passed')).toBe(true);
    }, 900_000);
  });
