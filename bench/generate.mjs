// Whole-process time of `a2a-gen generate` (georoute example, A2A v0.3.0, fresh output folder
// each run) beside json-schema-to-typescript's own CLI on the same a2a.json, interleaved in
// one run so both see the same machine load; and the same generate for A2A v1.0.1 from the
// bundled a2a.proto (fixtures/georoute-v1.0.a2a.yaml: georoute with its card in v1.0 terms),
// against the same json2ts run on v0.3.0's a2a.json. Usage: npm run build && node bench/generate.mjs [runs]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, table, timeProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 7);
const schema = join(root, 'schema/a2a/v0.3.0.json');
const work = mkdtempSync(join(tmpdir(), 'a2a-gen-bench-'));
const json2ts = join(root, 'node_modules/json-schema-to-typescript/dist/src/cli.js');
const a2aGen = join(root, 'bin/a2a-gen.js');

const georouteV1 = join(root, 'bench/fixtures/georoute-v1.0.a2a.yaml');

const times = { generate: [], generateV1: [], json2ts: [], unformatted: [] };
// One warm-up each (disk cache), then interleaved runs.
for (let i = -1; i < runs; i++) {
  const out = join(work, `run-${i}`);
  const g = timeProcess(process.execPath, [a2aGen, 'generate', '--manifest', join(root, 'examples/georoute.a2a.yaml'), '--out', out, '--quiet']);
  const g1 = timeProcess(process.execPath, [a2aGen, 'generate', '--manifest', georouteV1, '--out', join(work, `v1-${i}`), '--quiet']);
  const j = timeProcess(process.execPath, [json2ts, '--input', schema, '--output', join(work, `types-${i}.d.ts`), '--unreachableDefinitions']);
  // Without its Prettier pass: what formatting costs (a2a-gen re-indents instead, see emit/reindent.ts).
  const u = timeProcess(process.execPath, [json2ts, '--input', schema, '--output', join(work, `raw-${i}.d.ts`), '--unreachableDefinitions', '--no-format']);
  if (i >= 0) {
    times.generate.push(g);
    times.generateV1.push(g1);
    times.json2ts.push(j);
    times.unformatted.push(u);
  }
}
rmSync(work, { recursive: true, force: true });

const g = median(times.generate);
const g1 = median(times.generateV1);
const j = median(times.json2ts);
const u = median(times.unformatted);
console.log(`a2a-gen generate vs json-schema-to-typescript (median of ${runs} interleaved runs each)\n`);
console.log(
  table(
    ['whole process', 'median', 'runs (ms)'],
    [
      [
        '`a2a-gen generate` (georoute, v0.3.0: types, validators, server, client, docs, scaffolds)',
        `${g.toFixed(0)} ms`,
        times.generate.map((t) => t.toFixed(0)).join(', '),
      ],
      [
        '`a2a-gen generate` (georoute, v1.0.1 from the bundled a2a.proto: types, validators, server, client, docs, scaffolds)',
        `${g1.toFixed(0)} ms`,
        times.generateV1.map((t) => t.toFixed(0)).join(', '),
      ],
      ['`json2ts --unreachableDefinitions` on v0.3.0 a2a.json', `${j.toFixed(0)} ms`, times.json2ts.map((t) => t.toFixed(0)).join(', ')],
      ['the same with `--no-format` (no Prettier pass)', `${u.toFixed(0)} ms`, times.unformatted.map((t) => t.toFixed(0)).join(', ')],
    ],
  ),
);
// Each run's own ratio too (its processes ran back to back, so they shared the machine's load phase), and their median.
const perRun = (a) => a.map((t, i) => t / times.json2ts[i]);
const runRatios = (a) =>
  `median of the per-run ratios ${median(perRun(a)).toFixed(2)}× (${perRun(a)
    .map((r) => r.toFixed(2))
    .join(', ')})`;
console.log(`\nratio, v0.3.0 generate ÷ json2ts: ${(g / j).toFixed(2)}× (target ≤ 1.5×); ${runRatios(times.generate)}`);
console.log(`ratio, v1.0.1 generate (from the proto) ÷ json2ts on v0.3.0's a2a.json: ${(g1 / j).toFixed(2)}× (target ≤ 1.5×); ${runRatios(times.generateV1)}`);
console.log(`v1.0.1 generate ÷ v0.3.0 generate: ${(g1 / g).toFixed(2)}×`);
console.log(`Prettier's share of json2ts: ${(j - u).toFixed(0)} ms, ${((j - u) / u).toFixed(1)}× the unformatted run`);
