// The official A2A TCK for v0.3 (0.3.0.beta4) against a generated v0.3.0 agent, and against a generated
// v1.0 agent with `compat: [0.3.0]` (the TCK, a v0.3.0 client, is then served through the
// translation): scaffold each from test/fixtures/agents/, write the TCK's profile as its author would
// (test/tck/agent/src/), type-check and start it on loopback, then run the TCK's mandatory,
// capabilities, quality and features categories over JSON-RPC, and its transport-equivalence
// category over JSON-RPC and HTTP+JSON side by side. Any failure fails this test, except the
// faults of the TCK itself that docs/TCK.md names (KNOWN_TCK_FAULTS). The TCK is found through A2A_TCK_V03_DIR
// (tck-location.ts); without it the test skips with one line saying how to get it.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { FIXTURES } from '../helpers/server.js';
import { typecheck } from '../helpers/typecheck.js';
import { startAgentProcess, tckAuthorFiles, type AgentProcess } from './agent-process.js';
import { locateTck, TCK_V03 } from './tck-location.js';
import { CATEGORIES, copyTck, isKnownFault, KNOWN_TCK_FAULTS, KNOWN_TCK_SKIPS, requirePython, runCategory, type CategoryResult } from './tck-v03.js';

/** Seconds the TCK waits on streams; the agent holds resubscribe tasks for 2 × this + 1 s. */
const STREAMING_TIMEOUT = '2.0';

const authorFiles = tckAuthorFiles('tck-v03');
const source = locateTck(TCK_V03);

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
  { fixture: 'tck', what: 'a generated v0.3.0 agent' },
  { fixture: 'tck-compat', what: 'a generated v1.0 agent answering v0.3.0 clients (compat)' },
];

const counts = (r: CategoryResult) => ['passed', 'failed', 'skipped'].map((o) => `${r.cases.filter((c) => c.outcome === o).length} ${o}`).join(', ');

if (source.skip) {
  console.log(`the official A2A TCK v0.3 is skipped: ${source.skip}`);
  it.skip(`the official A2A TCK v0.3: ${source.skip}`, () => {});
} else
  describe.each(AGENTS)('the official A2A TCK v0.3', ({ fixture, what }) => {
    it(`passes against ${what}, apart from the TCK's known faults`, async () => {
      const started = Date.now();
      await requirePython();
      // The TCK's copy and its reports live outside test/.tmp: another vitest run in this checkout
      // removes test/.tmp when it ends, which would take the reports of this long test with it.
      const work = await mkdtemp(join(tmpdir(), 'a2a-gen-tck-'));
      dirs.push(work);
      const project = await agentProject(fixture, readFileSync(join(FIXTURES, `${fixture}.a2a.yaml`), 'utf8'), undefined, authorFiles);
      dirs.push(project.dir);
      // esbuild only strips types: the profile is checked against the generated API here.
      expect(await typecheck(project.dir, [project.dir])).toBe('');

      const tck = await copyTck(source.dir!, work);
      const agent = await startAgentProcess(project.dir, ['--import', './dist/loopback-only.js'], { TCK_STREAMING_TIMEOUT: STREAMING_TIMEOUT });
      agents.push(agent);
      const results: CategoryResult[] = [];
      for (const category of CATEGORIES) {
        const result = await runCategory(category, { tck, sutUrl: agent.url, reportDir: work, streamingTimeout: STREAMING_TIMEOUT, signal: abort.signal });
        // pytest's 2–5 (interrupted, internal or usage error, nothing collected), or no report: the run itself broke.
        if (result.exitCode < 0 || result.exitCode > 1 || result.cases.length === 0) {
          throw new Error(
            `TCK ${category.name}: pytest exited ${result.exitCode} with ${result.cases.length} tests\n${result.output.slice(-6000)}\n--- agent log ---\n${agent.log().slice(-3000)}`,
          );
        }
        results.push(result);
      }

      const failures = results.flatMap((r) => r.cases.filter((c) => c.outcome === 'failed').map((c) => ({ category: r.name, ...c })));
      const known = failures.filter(isKnownFault);
      const unexpected = failures.filter((f) => !isKnownFault(f));
      const equivalence = results.find((r) => r.name === 'transport-equivalence')!;
      const skipped = equivalence.cases.filter((c) => c.outcome === 'skipped');
      const unexpectedSkips = skipped.filter((c) => !Object.hasOwn(KNOWN_TCK_SKIPS, c.id));
      const refusedConnections = agent.log().match(/^loopback-only: refused .*$/gm) ?? [];
      console.log(
        [
          `A2A TCK against ${what} at ${agent.url} (TCK_STREAMING_TIMEOUT=${STREAMING_TIMEOUT}), ${((Date.now() - started) / 1000).toFixed(1)} s:`,
          ...results.map((r) => `  ${r.name}: ${counts(r)}`),
          ...known.map((f) => `  known TCK fault, not counted against the agent: ${f.id} (${KNOWN_TCK_FAULTS[f.id].why})`),
          ...unexpected.map((f) => `  FAILED ${f.category}: ${f.id}\n      ${(f.message ?? '').replace(/\s+/g, ' ').slice(0, 600)}`),
          ...skipped.map((c) => `  transport-equivalence skipped ${c.id.split('::')[1]}: ${KNOWN_TCK_SKIPS[c.id] ?? `UNEXPECTED (${c.message ?? ''})`}`),
          `  outgoing connections refused by the loopback guard: ${refusedConnections.length}`,
          `  JUnit reports in ${work}${process.env.KEEP_TMP ? '' : ' (removed at the end; KEEP_TMP=1 keeps them)'}`,
        ].join('\n'),
      );
      expect(unexpected.map((f) => `${f.category}: ${f.id}`)).toEqual([]);
      expect(unexpectedSkips.map((c) => c.id)).toEqual([]);
      // Both bindings were really exercised: most of the category ran.
      expect(equivalence.cases.filter((c) => c.outcome === 'passed').length).toBeGreaterThanOrEqual(12);
    }, 900_000);
  });
