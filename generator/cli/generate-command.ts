// `a2a-gen generate`: load → model → emit → write, with --check, --dry-run and --force.
import { dirname, relative, resolve } from 'node:path';
import { ConflictError } from '../diagnostics.js';
import { generate } from '../generate.js';
import { loadInputs } from '../load/inputs.js';
import { applyPlan, type ApplyHooks } from '../write/apply.js';
import { changes, conflicts, planWrite, type Plan } from '../write/plan.js';
import { countActions, planLines, summaryLine, type Reporter } from './output.js';

export interface GenerateArgs {
  manifest: string;
  spec?: string;
  out?: string;
  check?: boolean;
  dryRun?: boolean;
  force?: boolean;
  cwd: string;
}

export interface GenerateOutcome {
  exitCode: number;
  plan: Plan;
}

export async function runGenerate(args: GenerateArgs, report: Reporter, hooks: ApplyHooks = {}): Promise<GenerateOutcome> {
  const started = performance.now();
  const inputs = await loadInputs({ manifestPath: args.manifest, spec: args.spec, cwd: args.cwd });
  report.progress(`generating for A2A v${inputs.protocol.version} from ${relative(args.cwd, inputs.manifest.file) || inputs.manifest.file}`);
  const files = await generate(inputs);
  const root = args.out ? resolve(args.cwd, args.out) : dirname(inputs.manifest.file);
  const plan = await planWrite(root, files, { force: args.force, generator: `a2a-gen ${inputs.toolVersion}`, spec: inputs.protocol.version });
  const ms = Math.round(performance.now() - started);
  report.data({ spec: inputs.protocol.version, root, counts: countActions(plan), files: plan.entries.map((e) => ({ path: e.path, action: e.action })) });

  if (args.check) {
    const drift = [...changes(plan), ...conflicts(plan)];
    if (drift.length === 0) {
      report.info(`up to date: ${plan.entries.length} files match (${ms} ms)`);
      return { exitCode: 0, plan };
    }
    report.info(`out of date: ${drift.length} file(s) would change — run \`a2a-gen generate\``);
    for (const line of planLines({ ...plan, entries: drift })) report.info(line);
    return { exitCode: 1, plan };
  }
  if (args.dryRun) {
    report.info(`plan for ${root} (nothing written):`);
    for (const line of planLines(plan)) report.info(line);
    report.info(summaryLine(plan));
    return { exitCode: 0, plan };
  }
  const clashes = conflicts(plan);
  if (clashes.length > 0) {
    throw new ConflictError(
      `nothing written: ${clashes.length} generated file(s) were edited by hand. Move your changes into src/ outside src/a2a/ (or into the manifest), then run again; --force overwrites them.`,
      clashes.map((c) => c.path),
    );
  }
  await applyPlan(plan, hooks);
  for (const orphan of plan.entries.filter((e) => e.action === 'orphan')) report.warn(`${orphan.path} is no longer generated but was edited by hand; left in place`);
  report.info(`${summaryLine(plan)} in ${relative(args.cwd, root) || '.'} (${Math.round(performance.now() - started)} ms)`);
  return { exitCode: 0, plan };
}
