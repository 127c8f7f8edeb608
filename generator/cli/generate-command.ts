// `a2a-gen generate`: load → model → emit → write, with --check, --dry-run and --force. After
// writing it says what regeneration means for your code: handlers of removed skills are left
// in place, and a spec switch lists the breaking changes and type-checks your files.
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { ConflictError } from '../diagnostics.js';
import type { GeneratedFile } from '../emit/generated-file.js';
import { SKILLS_DIR } from '../model/names.js';
import { generate } from '../generate.js';
import { loadInputs, type LoadedInputs } from '../inputs.js';
import { applyPlan, type ApplyHooks } from '../write/apply.js';
import { changes, conflicts, planWrite, type Plan } from '../write/plan.js';
import { a2aGenDependency } from './dependency.js';
import { countActions, planLines, summaryLine, type Reporter } from './output.js';
import { planDiffs } from './plan-diff.js';
import { keepSpec, lockedSpec, reportSpecSwitch, specForManifest } from './spec-move.js';

export interface GenerateArgs {
  manifest: string;
  spec?: string;
  out?: string;
  check?: boolean;
  dryRun?: boolean;
  /** With check or dryRun: a unified diff of each file that would change. */
  diff?: boolean;
  /** Colour the diff (a terminal that allows it). */
  color?: boolean;
  force?: boolean;
  cwd: string;
}

export interface GenerateOutcome {
  exitCode: number;
  plan: Plan;
  inputs: LoadedInputs;
}

export async function runGenerate(args: GenerateArgs, report: Reporter, hooks: ApplyHooks = {}): Promise<GenerateOutcome> {
  const started = performance.now();
  const inputs = await loadInputs({ manifestPath: args.manifest, spec: args.spec, cwd: args.cwd });
  report.progress(`generating for A2A ${inputs.protocol.name} from ${relative(args.cwd, inputs.manifest.file) || inputs.manifest.file}`);
  const root = args.out ? resolve(args.cwd, args.out) : dirname(inputs.manifest.file);
  const files = await generate({ ...inputs, scaffold: { a2aGenDependency: a2aGenDependency({ projectDir: root }) } });
  // As the manifest will say it (keepSpec), so that the lock of this run and of the next agree.
  const specRef = args.spec !== undefined ? specForManifest(args.spec, inputs.manifest.file, args.cwd) : inputs.manifest.spec;
  const plan = await planWrite(root, files, { force: args.force, generator: `a2a-gen ${inputs.toolVersion}`, spec: lockedSpec(inputs.protocol), specRef });
  const ms = Math.round(performance.now() - started);
  report.data({ spec: inputs.protocol.version, root, counts: countActions(plan), files: plan.entries.map((e) => ({ path: e.path, action: e.action })) });

  if (args.check) {
    const drift = [...changes(plan), ...conflicts(plan)];
    if (drift.length === 0) {
      report.info(`up to date: ${plan.entries.length} files match (${ms} ms)`);
      return { exitCode: 0, plan, inputs };
    }
    report.info(`out of date: ${drift.length} file(s) would change — run \`a2a-gen generate\``);
    for (const line of planLines({ ...plan, entries: drift })) report.info(line);
    if (args.diff) await reportDiffs(plan, drift, files, args, report);
    return { exitCode: 1, plan, inputs };
  }
  if (args.dryRun) {
    report.info(`plan for ${root} (nothing written):`);
    for (const line of planLines(plan)) report.info(line);
    if (args.diff) await reportDiffs(plan, plan.entries, files, args, report);
    report.info(summaryLine(plan));
    return { exitCode: 0, plan, inputs };
  }
  const clashes = conflicts(plan);
  if (clashes.length > 0) {
    throw new ConflictError(
      `nothing written: ${clashes.length} generated file(s) were edited by hand. Move your changes into src/ outside src/a2a/ (or into the manifest), then run again; --force overwrites them.`,
      clashes.map((c) => c.path),
    );
  }
  await applyPlan(plan, hooks);
  for (const orphan of plan.entries.filter((e) => e.action === 'orphan'))
    report.warn(`${orphan.path} is no longer generated but was edited by hand; left in place`);
  report.info(`${summaryLine(plan)} in ${relative(args.cwd, root) || '.'} (${Math.round(performance.now() - started)} ms)`);
  await reportSkillHandlers(
    root,
    files.map((f) => f.path),
    plan,
    report,
  );
  if (args.spec !== undefined) await keepSpec(args.spec, inputs, root, args.cwd, report);
  await reportSpecSwitch(root, plan, inputs, args.cwd, report);
  return { exitCode: 0, plan, inputs };
}

/** `--diff`: each changing file's diff after the plan lines; with --json, beside each file of the plan. */
async function reportDiffs(plan: Plan, entries: Plan['entries'], files: GeneratedFile[], args: GenerateArgs, report: Reporter): Promise<void> {
  const diffs = await planDiffs(plan.root, entries, files, { color: args.color });
  const byPath = new Map(diffs.map((d) => [d.path, d.diff]));
  report.data({ files: plan.entries.map((e) => ({ path: e.path, action: e.action, ...(byPath.has(e.path) ? { diff: byPath.get(e.path) } : {}) })) });
  for (const d of diffs) report.info(d.diff.trimEnd());
}

/** New skills got a handler; handlers of skills no longer in the manifest are left alone (and said so). */
async function reportSkillHandlers(root: string, generated: string[], plan: Plan, report: Reporter): Promise<void> {
  const created = plan.entries.filter((e) => e.action === 'create' && e.path.startsWith(`${SKILLS_DIR}/`));
  if (plan.previousLock) for (const c of created) report.info(`new skill handler: ${c.path} — implement it there`);
  const current = new Set(generated.filter((p) => p.startsWith(`${SKILLS_DIR}/`)));
  const present = (await readdir(join(root, SKILLS_DIR)).catch(() => [] as string[])).filter((n) => n.endsWith('.ts')).map((n) => `${SKILLS_DIR}/${n}`);
  const leftovers = present.filter((p) => !current.has(p));
  for (const p of leftovers)
    report.warn(
      `${p} belongs to no skill of the manifest any more (removed or renamed): left in place and no longer wired; delete it when you no longer need it`,
    );
  report.data({ newSkillHandlers: created.map((c) => c.path), leftoverSkillHandlers: leftovers });
}
