// Generates an agent project from a manifest, transpiles it with esbuild (type-checking is the
// matrix test's job) and imports its modules into the test process, so tests can start the
// generated server with their own executors and close it cleanly.
import { build } from 'esbuild';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { TMP_ROOT } from './tmp.js';
import { writeFiles } from './write-files.js';

export interface AgentProject {
  dir: string;
  /** Imports a module of the project by its path under src/ (e.g. `a2a/server/index.js`). */
  load<T = Record<string, unknown>>(modulePath: string): Promise<T>;
}

const built = new Map<string, Promise<AgentProject>>();

/**
 * Builds (once per name and process) the project for a manifest text. `files` (paths under the
 * project → contents) are written over the scaffold before the build, as an author's edits.
 */
export function agentProject(name: string, manifest: string, spec?: string, files: Readonly<Record<string, string>> = {}): Promise<AgentProject> {
  let project = built.get(name);
  if (!project) built.set(name, (project = buildProject(name, manifest, spec, files)));
  return project;
}

async function buildProject(name: string, manifest: string, spec: string | undefined, files: Readonly<Record<string, string>>): Promise<AgentProject> {
  const dir = join(TMP_ROOT, 'agents', `${name}-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'a2a.yaml'), manifest);
  const generated = await generate(await loadInputs({ manifestPath: 'a2a.yaml', spec, cwd: dir }));
  await writeFiles(dir, generated);
  for (const [path, content] of Object.entries(files)) await writeFile(join(dir, path), content);
  const sources = (await readdir(join(dir, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => join(dir, 'src', f));
  await build({
    entryPoints: sources,
    outdir: join(dir, 'dist'),
    outbase: join(dir, 'src'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: false,
    logLevel: 'error',
  });
  await writeFile(join(dir, 'dist', 'package.json'), '{"type":"module"}\n');
  return {
    dir,
    load: (modulePath) => import(pathToFileURL(join(dir, 'dist', modulePath)).href),
  };
}

export const projectPath = (project: AgentProject, file: string): string => relative(process.cwd(), join(project.dir, file));
