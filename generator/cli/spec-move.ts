// After `generate` moved a project to another A2A version: what code written for the old one
// must change (the semantic breaking changes of the diff, grouped as `a2a-gen diff` groups
// them; the type-level ones counted), then each place in the author's own files that no longer
// type-checks, file:line:column — with the rename behind it when the compiler's message names
// an old name the diff knows (`'"completed"'` → `completed → TASK_STATE_COMPLETED`).
import { dirname, join, relative, resolve } from 'node:path';
import type { LoadedInputs } from '../inputs.js';
import { loadProtocol } from '../inputs.js';
import { isSpecPath } from '../load/schema-source.js';
import { canAnswer } from '../model/compat.js';
import type { ProtocolModel } from '../model/protocol.js';
import { diffProtocols, type Change } from '../model/diff.js';
import type { Plan } from '../write/plan.js';
import { formatChange, isSemantic, sectionLines } from './diff-command.js';
import { recordSpec } from './manifest-spec.js';
import type { Reporter } from './output.js';
import { checkUserCode, type UserCodeProblem } from './user-code-check.js';

/**
 * The version as the lock records it, to tell a move: the version, or for a spec of no released
 * version its name (`unreleased lf.a2a.v1 (next.proto)`), so one unreleased spec is told from another.
 */
export const lockedSpec = (protocol: ProtocolModel): string => (protocol.version === 'unknown' ? protocol.name : protocol.version);

/** A locked spec as messages say it: `v1.0.1`, or the unreleased spec's name as it is. */
const shown = (locked: string): string => (/^\d/.test(locked) ? `v${locked}` : locked);

/** Moving `spec:` regenerates everything; say what broke, then check the user's code against it. */
export async function reportSpecSwitch(root: string, plan: Plan, inputs: LoadedInputs, cwd: string, report: Reporter): Promise<void> {
  const before = plan.previousLock;
  if (!before || before.spec === lockedSpec(inputs.protocol)) return;
  const [from, to] = [before.spec, lockedSpec(inputs.protocol)];
  // What `a2a-gen diff` takes for each side: a released version, else the file or URL it came from.
  const fromRef = /^\d/.test(from) ? from : (before.specRef ?? from);
  const origin = inputs.protocol.origin;
  const toRef = /^\d/.test(to) ? to : /^https?:/i.test(origin) ? origin : relative(cwd, origin) || origin;
  report.info(`\nA2A spec moved from ${shown(from)} to ${shown(to)}.`);
  let breaking: Change[] = [];
  try {
    const old = await loadProtocol(before.specRef && !/^https?:/i.test(before.specRef) ? before.specRef : from, root);
    breaking = diffProtocols(old, inputs.protocol).changes.filter((c) => c.breaking);
    report.data({ specSwitch: { from, to, breaking } });
    const semantic = breaking.filter(isSemantic);
    const detail = breaking.length - semantic.length;
    report.info(`What code written for ${shown(from)} must change (${breaking.length} breaking change(s); all changes: a2a-gen diff ${fromRef} ${toRef}):`);
    for (const line of sectionLines(semantic)) report.info(line);
    if (detail > 0)
      report.info(`\n${semantic.length > 0 ? 'And ' : ''}${detail} breaking change(s) to types and fields: \`a2a-gen diff ${fromRef} ${toRef}\` lists them.`);
  } catch {
    report.warn(`cannot load the previous spec (${before.specRef ?? from}) to list what changed`);
  }
  report.progress('type-checking your code against the new types');
  await reportUserCode(root, breaking, cwd, report);
  // Callers written for the old version stop working unless the agent answers it too.
  if (canAnswer(inputs.protocol, from) && !inputs.agent.compat.some((c) => c.fullVersion === from)) {
    const manifest = relative(cwd, inputs.manifest.file) || inputs.manifest.file;
    report.info(
      `\nClients of v${from} (and code generated for it) can no longer call this agent. To keep answering them, add \`compat: [${from}]\` to ${manifest} and run generate again: the agent then serves both versions (docs/VERSIONS.md).`,
    );
    report.data({ suggestCompat: [from] });
  }
}

/**
 * `--spec` chose the version: write it into the manifest, so that `generate --check` agrees and the
 * next `npm run generate` does not move the project back. A path is written relative to the
 * manifest (where `spec:` paths resolve). With `--out` elsewhere the manifest is not that
 * project's own record, so it is left alone, and said so.
 */
export async function keepSpec(spec: string, inputs: LoadedInputs, root: string, cwd: string, report: Reporter): Promise<void> {
  const file = inputs.manifest.file;
  const folder = dirname(file);
  const value = specForManifest(spec, file, cwd);
  const written = inputs.manifest.spec;
  if (value === written) return;
  const name = relative(cwd, file) || file;
  if (resolve(root) !== folder) {
    report.info(
      `${name} still names ${written === undefined ? 'no spec' : `spec: ${written}`}: the project is in another folder (--out), so the manifest was left as it is.`,
    );
    return;
  }
  if (await recordSpec(file, value)) {
    report.info(`${name}: spec set to ${value}${written === undefined ? '' : ` (was ${written})`}, so the next \`generate\` stays on this version.`);
    report.data({ manifestSpec: value });
  }
}

/** `--spec` as the manifest says it: a path relative to the manifest's folder (where `spec:` paths resolve), else as written. */
export function specForManifest(spec: string, manifestFile: string, cwd: string): string {
  return isSpecPath(spec) ? relative(dirname(manifestFile), resolve(cwd, spec.trim())).replaceAll('\\', '/') || '.' : spec.trim();
}

/** The author's own files against the new types: each place that no longer fits, with the change behind it. */
async function reportUserCode(root: string, breaking: Change[], cwd: string, report: Reporter): Promise<void> {
  const problems = await checkUserCode(root);
  if (problems === undefined) {
    report.info('Install the project (npm install), then `npm run build` shows what in your code no longer fits the new types.');
    return;
  }
  const placed = problems.map((p) => {
    const change = hintFor(p, breaking);
    return change ? { ...p, change } : p;
  });
  report.data({ userCodeProblems: placed });
  if (problems.length === 0) report.info('Your code type-checks against the new types.');
  else {
    report.warn(`${problems.length} place(s) in your code no longer fit the new types:`);
    for (const p of placed)
      report.warn(
        `  ${relative(cwd, join(root, p.file))}:${p.line}:${p.column}: ${p.message}${'change' in p ? `\n      ↳ ${formatChange(p.change).trim()}` : ''}`,
      );
  }
}

/**
 * The change the compiler's message points at, when it quotes an old name the diff knows: a
 * renamed enum value or method (`'"completed"'`), a moved field of the card (`'url'` on `AgentCard`),
 * a wire shape where the compiler meets it (an old field in the new type that lacks it,
 * `'blocking'` in `'SendMessageConfiguration'`; a read of the wrapper, `'status'` on
 * `'SendMessageResponse'`), or a `kind` that parts or results lost. Undefined when none fits: the
 * message stands alone.
 */
export function hintFor(problem: Pick<UserCodeProblem, 'message'>, changes: readonly Change[]): Change | undefined {
  const m = problem.message;
  const quotes = (name: string): boolean => m.includes(`'${name}'`) || m.includes(`"${name}"`);
  for (const c of changes) {
    if (c.change === 'renamed' && (c.area === 'enum' || c.area === 'method') && quotes(c.subject)) return c;
    // A field of the card itself: a nested one's holder (AgentSkill, …) is not in the change.
    if (c.change === 'moved' && /^\w+$/.test(c.subject) && /\bAgentCard\b/.test(m) && quotes(c.subject)) return c;
  }
  // A shape names its fields first (`final` on a status update), then the types it shows in alone (a wrapper).
  const seen = (c: Change, byField: boolean): boolean =>
    c.seenAs !== undefined && c.seenAs.types.some(quotes) && (byField ? (c.seenAs.fields ?? []).some(quotes) : c.seenAs.fields === undefined);
  const shape = changes.find((c) => seen(c, true)) ?? changes.find((c) => seen(c, false));
  if (shape) return shape;
  if (!quotes('kind')) return undefined;
  // A part's type is `Part` or one of its member types (`PartText`, … emit/types.ts).
  return (/'Part[A-Z]?\w*'/.test(m) ? changes.find((c) => c.area === 'part') : undefined) ?? changes.find((c) => c.area === 'shape' && c.subject === 'kind');
}
