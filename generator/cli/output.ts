// How the CLI talks: human lines on stderr/stdout, or one JSON document with --json;
// --quiet keeps only errors. Every command reports through this, never console.* directly.
import { ConflictError, InputError, UsageError } from '../diagnostics.js';
import { InputErrors } from '../load/manifest.js';
import type { Plan, PlanEntry } from '../write/plan.js';

export interface Reporter {
  /** A progress line for a slow step (human mode only). */
  progress(message: string): void;
  /** A line of the command's result. */
  info(message: string): void;
  warn(message: string): void;
  /** The machine-readable result (--json), merged into one document printed at the end. */
  data(values: Record<string, unknown>): void;
  /** Prints what has been collected; call once. */
  flush(): void;
}

export interface ReporterOptions {
  quiet?: boolean;
  json?: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

export function createReporter(opts: ReporterOptions = {}): Reporter {
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  const collected: Record<string, unknown> = {};
  const warnings: string[] = [];
  return {
    progress: (m) => void (!opts.quiet && !opts.json && stderr.write(`… ${m}\n`)),
    info: (m) => void (!opts.quiet && !opts.json && stdout.write(m + '\n')),
    warn: (m) => (opts.json ? void warnings.push(m) : void stderr.write(`warning: ${m}\n`)),
    data: (values) => void Object.assign(collected, values),
    flush: () => void (opts.json && stdout.write(JSON.stringify({ ...collected, ...(warnings.length ? { warnings } : {}) }, null, 2) + '\n')),
  };
}

/** Exit code and message for anything a command throws. */
export function describeFailure(err: unknown): { code: number; lines: string[]; json: Record<string, unknown> } {
  if (err instanceof InputErrors) return { code: 1, lines: err.errors.map((e) => e.format()), json: { errors: err.errors.map(errorJson) } };
  if (err instanceof InputError) return { code: 1, lines: [err.format()], json: { errors: [errorJson(err)] } };
  if (err instanceof ConflictError)
    return { code: 1, lines: [err.message, ...err.files.map((f) => `  ${f}`)], json: { errors: [{ message: err.message, files: err.files }] } };
  if (err instanceof UsageError) return { code: 2, lines: [err.message], json: { errors: [{ message: err.message }] } };
  const e = err as Error;
  return {
    code: 1,
    lines: [`a2a-gen failed unexpectedly (this is a bug; please report it): ${e?.stack ?? String(err)}`],
    json: { errors: [{ message: String(e?.message ?? err) }] },
  };
}

function errorJson(e: InputError): Record<string, unknown> {
  return {
    message: e.message,
    file: e.location?.file,
    line: e.location?.line,
    column: e.location?.column,
    path: e.path,
    ...(e.excerpt?.length ? { excerpt: e.excerpt } : {}),
  };
}

const VERBS: Record<PlanEntry['action'], string> = {
  create: 'create',
  update: 'update',
  unchanged: 'unchanged',
  keep: 'keep (yours)',
  conflict: 'CONFLICT (edited by hand)',
  remove: 'remove',
  orphan: 'leave (no longer generated, edited by hand)',
};

export function planLines(plan: Plan): string[] {
  return plan.entries.map((e) => `  ${VERBS[e.action].padEnd(26)} ${e.path}`);
}

export function countActions(plan: Plan): Record<PlanEntry['action'], number> {
  const counts = { create: 0, update: 0, unchanged: 0, keep: 0, conflict: 0, remove: 0, orphan: 0 };
  for (const e of plan.entries) counts[e.action]++;
  return counts;
}

export function summaryLine(plan: Plan): string {
  const c = countActions(plan);
  const parts = [`${c.create} created`, `${c.update} updated`, `${c.unchanged} unchanged`, `${c.keep} kept as yours`];
  if (c.remove) parts.push(`${c.remove} removed`);
  if (c.conflict) parts.push(`${c.conflict} in conflict`);
  if (c.orphan) parts.push(`${c.orphan} left in place`);
  return parts.join(', ');
}
