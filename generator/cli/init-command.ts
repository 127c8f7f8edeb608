// `a2a-gen init [dir]`: a new agent project — the manifest (asked for on a terminal, from
// --manifest, or the embedded hello agent), then everything `generate` makes. Never touches
// a non-empty folder without --force, never deletes anything that was there, writes nothing for
// a manifest that does not validate, and takes back what it wrote when generating fails.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseDocument } from 'yaml';
import { InputError, UsageError } from '../diagnostics.js';
import { readFileBounded } from '../load/bounded-read.js';
import { validateManifestText } from '../inputs.js';
import { bundledVersions, newAgentSpecVersion } from '../load/schema-source.js';
import { decodeUtf8 } from '../load/text.js';
import { packageRoot } from '../paths.js';
import { runGenerate } from './generate-command.js';
import { manifestFromAnswers, nameFromFolder } from './init-manifest.js';
import { withSpec } from './manifest-spec.js';
import type { Reporter } from './output.js';
import { askInitQuestions } from './prompts.js';

export interface InitArgs {
  dir: string;
  manifest?: string;
  spec?: string;
  yes?: boolean;
  force?: boolean;
  cwd: string;
  /** Streams for the questions; asked only when `interactive`. */
  input?: Readable;
  output?: Writable;
  interactive: boolean;
}

const MANIFEST = 'a2a.yaml';
/** Rewritten manifests keep their flow lists as written (`[text/plain]`, not `[ text/plain ]`). */
const LAYOUT = { flowCollectionPadding: false } as const;

export async function runInit(args: InitArgs, report: Reporter): Promise<number> {
  const dir = resolve(args.cwd, args.dir);
  const existing = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    if (err.code === 'ENOTDIR') throw new UsageError(`${args.dir} exists and is not a folder`);
    throw err;
  });
  const occupied = existing.filter((n) => n !== '.git' && n !== '.DS_Store');
  if (occupied.length > 0 && !args.force) {
    throw new UsageError(
      `${relative(args.cwd, dir) || '.'} is not empty (${occupied.slice(0, 3).join(', ')}${occupied.length > 3 ? ', …' : ''}); choose an empty folder, or --force to add the agent beside what is there (nothing is overwritten or deleted)`,
    );
  }
  const target = join(dir, MANIFEST);
  const hasManifest = await stat(target).then(
    () => true,
    () => false,
  );
  if (hasManifest && args.manifest) throw new UsageError(`${relative(args.cwd, target)} exists already; remove --manifest to use it, or init another folder`);
  let madeFolder: string | undefined;
  let manifestText: string | undefined;
  if (!hasManifest) {
    const source = await manifestSource(args, target);
    // Checked before anything is written: an invalid manifest used to leave a2a.yaml behind,
    // and the next `init` then refused the folder as not empty. Relative spec paths resolve in
    // the new project, as they will for the `generate` below.
    await validateManifestText(source.text, source.file, { spec: args.spec, cwd: args.cwd, specBaseDir: dir });
    // `--spec` goes into the manifest itself, so later `generate` runs agree with it.
    manifestText = args.spec ? withSpec(source.text, args.spec) : source.text;
    madeFolder = await mkdir(dir, { recursive: true });
  } else report.info(`using the existing ${MANIFEST}`);
  let outcome: Awaited<ReturnType<typeof runGenerate>>;
  try {
    if (manifestText !== undefined) await writeFile(target, manifestText, { flag: 'wx' });
    outcome = await runGenerate({ manifest: target, cwd: args.cwd }, report);
  } catch (err) {
    // A valid manifest can still fail to generate (a spec URL that answered the check and then
    // not, a disk that fills up): what this run added goes again, so the folder is as it was and
    // the next `init` does not find it "not empty".
    await undoInit(dir, madeFolder, existing);
    throw err;
  }
  const where = relative(args.cwd, dir) || '.';
  report.data({ dir, manifest: target });
  report.info(
    `\nYour agent is ready in ${where}:\n  cd ${where}\n  npm install && npm start   # serves it\n  npm test                   # tests it with the generated client\nEdit ${MANIFEST} and run \`npm run generate\` to change it; your code lives in src/main.ts and src/skills/.`,
  );
  return outcome.exitCode;
}

/**
 * Removes what a failed init added: the folder (and its parents) when it made them, else each
 * entry of the folder that was not there before. Nothing that was there is touched.
 */
async function undoInit(dir: string, madeFolder: string | undefined, before: readonly string[]): Promise<void> {
  if (madeFolder) return rm(madeFolder, { recursive: true, force: true });
  const now = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(now.filter((name) => !before.includes(name)).map((name) => rm(join(dir, name), { recursive: true, force: true })));
}

/** The manifest with `agent.name` set (comments and layout kept); as it was without a name. */
function withName(text: string, name: string | undefined): string {
  if (!name) return text;
  const doc = parseDocument(text);
  doc.setIn(['agent', 'name'], name);
  return doc.toString(LAYOUT);
}

/** The manifest's text and the file its errors are located in (the text is not on disk yet otherwise). */
async function manifestSource(args: InitArgs, target: string): Promise<{ text: string; file: string }> {
  if (args.manifest) {
    const path = resolve(args.cwd, args.manifest);
    const bytes = await readFileBounded(path, 'manifest').catch((err: NodeJS.ErrnoException) => {
      if (err instanceof InputError) throw err;
      throw new InputError(err.code === 'ENOENT' ? 'manifest not found' : `cannot read manifest: ${err.code}`, { file: path });
    });
    return { text: decodeUtf8(bytes, path), file: path };
  }
  // `init relay-agent` makes "Relay Agent": two agents made from the defaults must not share a name.
  const name = nameFromFolder(basename(resolve(args.cwd, args.dir)));
  if (args.yes || !args.interactive || !args.input || !args.output) {
    // The embedded default: the hello agent, named after its folder, on A2A v1.0 answering v0.3.0
    // clients too — every client in the field can call it. Asked for another version (`--spec`),
    // the same agent without `compat`, which only a v1.x agent can have.
    const example = args.spec === undefined || /^v?1\./.test(args.spec) ? 'hello-v1.a2a.yaml' : 'hello.a2a.yaml';
    const path = join(packageRoot(), 'examples', example);
    return { text: withName(await readFile(path, 'utf8'), name), file: path };
  }
  // The default answer is the last choice: the version asked for, else the newest v1.x (which answers v0.3 clients too, see init-manifest.ts).
  const versions = await bundledVersions();
  const preferred = args.spec ?? (await newAgentSpecVersion());
  const answers = await askInitQuestions(args.input, args.output, [...versions.filter((v) => v !== preferred), preferred], name);
  return { text: manifestFromAnswers(answers), file: target };
}
