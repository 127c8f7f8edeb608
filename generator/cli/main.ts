// The a2a-gen command line. Exit codes (contract): 0 ok, 1 invalid input or drift, 2 usage.
import yargs from 'yargs';
import { UsageError } from '../diagnostics.js';
import { toolVersion } from '../paths.js';
import { runDiff } from './diff-command.js';
import { faultInjectionHooks } from './fault-injection.js';
import { runGenerate } from './generate-command.js';
import { runInit } from './init-command.js';
import { createReporter, describeFailure, type Reporter } from './output.js';
import { explainUnknownArguments, knownArguments } from './usage-hints.js';
import { runValidate } from './validate-command.js';

export interface MainOptions {
  cwd?: string;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Ask init's questions (default: when stdin and stdout are terminals and CI is not set). */
  interactive?: boolean;
}

/** Colour only for a terminal, never in --json, and not when NO_COLOR (no-color.org) is set. */
const useColor = (stream: NodeJS.WritableStream, json?: boolean): boolean => Boolean((stream as { isTTY?: boolean }).isTTY) && !json && !process.env.NO_COLOR;

const EPILOGUE =
  'Exit codes: 0 ok, 1 invalid input (or --check found drift, or hand-edited generated files), 2 usage error.\nDocs: https://github.com/a2a-gen/a2a-gen#readme';

export async function main(argv: string[], opts: MainOptions = {}): Promise<number> {
  const cwd = opts.cwd ?? process.cwd();
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  let exitCode = 0;
  const run = async (args: { quiet?: boolean; json?: boolean }, body: (r: Reporter) => Promise<number>): Promise<void> => {
    const r = createReporter({ quiet: args.quiet, json: args.json, stdout, stderr });
    try {
      exitCode = await body(r);
      r.flush();
    } catch (err) {
      const failure = describeFailure(err);
      exitCode = failure.code;
      if (args.json) {
        r.data(failure.json);
        r.flush();
      } else stderr.write(failure.lines.join('\n') + '\n');
    }
  };

  const interactive = opts.interactive ?? (Boolean(process.stdin.isTTY && process.stdout.isTTY) && !process.env.CI);
  const parser = yargs(argv)
    .scriptName('a2a-gen')
    .usage(
      '$0 <command> [options]\n\nGenerate a typed A2A (Agent2Agent) agent — server, client, validators, docs — from an A2A JSON Schema and an agent manifest.',
    )
    .version(toolVersion())
    .option('quiet', { alias: 'q', type: 'boolean', description: 'Print errors only' })
    .option('json', { type: 'boolean', description: 'Print one JSON document (for scripts)' })
    .command(
      'init [dir]',
      'Create an agent project: a2a.yaml (asked for on a terminal, or the hello agent), then everything generate makes',
      (y) =>
        y
          .positional('dir', { type: 'string', default: '.', description: 'The folder to create the agent in (must be empty)' })
          .option('manifest', { alias: 'm', type: 'string', description: 'Start from this manifest instead of asking (YAML or JSON)' })
          .option('spec', { type: 'string', description: 'A2A version to write into the manifest (e.g. 0.2.5)' })
          .option('yes', {
            alias: 'y',
            type: 'boolean',
            description: 'Ask nothing: the hello agent (A2A v1.0 answering v0.3.0 clients too), named after the folder (or --manifest)',
          })
          .option('force', { type: 'boolean', description: 'Use a non-empty folder (nothing in it is overwritten or deleted)' })
          .example('$0 init my-agent --yes', 'The hello agent, named "My Agent", on A2A v1.0, answering v0.3.0 clients too')
          .example('$0 init my-agent --manifest agent.yaml', 'An agent from your own manifest'),
      (a) =>
        run(a, (r) =>
          runInit(
            {
              dir: a.dir ?? '.',
              manifest: a.manifest,
              spec: a.spec,
              yes: a.yes,
              force: a.force,
              cwd,
              interactive: interactive && !a.json,
              input: (opts.stdin ?? process.stdin) as never,
              output: (opts.stdout ?? process.stdout) as never,
            },
            r,
          ),
        ),
    )
    .command(
      'generate',
      'Generate src/a2a/ (and scaffolds for new skills) from the manifest',
      (y) =>
        y
          .option('manifest', { alias: 'm', type: 'string', default: 'a2a.yaml', description: 'The agent manifest (YAML or JSON)' })
          .option('spec', {
            type: 'string',
            description:
              "A2A spec: a bundled version (0.3.0, 1.0), a path or an http(s) URL of an a2a.proto or an a2a.json (v0.x, or v1.x's as published, made from the proto); overrides the manifest's `spec:`",
          })
          .option('out', { alias: 'o', type: 'string', description: "The agent project root (default: the manifest's folder)" })
          .option('check', { type: 'boolean', description: 'Write nothing; exit 1 when any generated file would change' })
          .option('dry-run', { type: 'boolean', description: 'Write nothing; print what would be done to each file' })
          .option('diff', {
            type: 'boolean',
            description: 'With --check or --dry-run: also print a unified diff of each file that would change (coloured on a terminal)',
          })
          .option('force', { type: 'boolean', description: 'Overwrite generated files even if edited by hand' })
          .conflicts('check', 'dry-run')
          .check((a) => {
            if (a.diff && !a.check && !a.dryRun) throw new UsageError('--diff shows what --check or --dry-run would change: add one of them');
            return true;
          })
          .example('$0 generate', 'Regenerate after editing a2a.yaml')
          .example('$0 generate --spec 0.2.5 --check', 'Fail when the output for v0.2.5 is stale')
          .example('$0 generate --check --diff', 'Show what is stale, line by line'),
      (a) =>
        run(a, (r) =>
          runGenerate(
            {
              manifest: a.manifest,
              spec: a.spec,
              out: a.out,
              check: a.check,
              dryRun: a.dryRun,
              diff: a.diff,
              color: useColor(stdout, a.json),
              force: a.force,
              cwd,
            },
            r,
            faultInjectionHooks(),
          ).then((o) => o.exitCode),
        ),
    )
    .command(
      'validate',
      'Check the manifest against its A2A version; write nothing',
      (y) =>
        y
          .option('manifest', { alias: 'm', type: 'string', default: 'a2a.yaml', description: 'The agent manifest (YAML or JSON)' })
          .option('spec', { type: 'string', description: "Check against this A2A version instead of the manifest's `spec:`" }),
      (a) => run(a, (r) => runValidate({ manifest: a.manifest, spec: a.spec, cwd }, r)),
    )
    .command(
      'diff <from> <to>',
      'Show what changed between two A2A schema versions; breaking changes are marked',
      (y) =>
        y
          .positional('from', { type: 'string', demandOption: true, description: 'Old schema: a bundled version, path or URL' })
          .positional('to', { type: 'string', demandOption: true, description: 'New schema: a bundled version, path or URL' })
          .example('$0 diff 0.2.6 0.3.0', 'What moving to v0.3.0 changes')
          .example('$0 diff 0.1.0 0.2.0 --json', 'The same, for scripts'),
      (a) => run(a, (r) => runDiff({ from: a.from!, to: a.to!, cwd }, r)),
    )
    .demandCommand(1, 'Name a command: init, generate, validate or diff (see --help).')
    .strict()
    .epilogue(EPILOGUE)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((message, err, usage) => {
      throw err ?? new UsageError(explainUnknownArguments(message, argv, knownArguments(usage)));
    });

  try {
    let helpOrVersion = '';
    await parser.parse(argv, {}, (_err, _argv, output) => {
      helpOrVersion = output;
    });
    if (helpOrVersion) stdout.write(helpOrVersion + '\n');
  } catch (err) {
    if (err instanceof UsageError || (err as Error)?.name === 'YError') {
      stderr.write(`${(err as Error).message}\nRun \`a2a-gen --help\` for usage.\n`);
      return 2;
    }
    const failure = describeFailure(err);
    stderr.write(failure.lines.join('\n') + '\n');
    return failure.code;
  }
  return exitCode;
}
