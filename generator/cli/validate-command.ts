// `a2a-gen validate`: the manifest's errors only; writes nothing.
import { relative } from 'node:path';
import { validateManifest } from '../inputs.js';
import type { Reporter } from './output.js';

export async function runValidate(args: { manifest: string; spec?: string; cwd: string }, report: Reporter): Promise<number> {
  const { manifest, protocol } = await validateManifest({ manifestPath: args.manifest, spec: args.spec, cwd: args.cwd });
  const name = relative(args.cwd, manifest.file) || manifest.file;
  report.data({ valid: true, manifest: manifest.file, spec: protocol.version, skills: manifest.skills.map((s) => s.id) });
  report.info(`${name}: valid for A2A ${protocol.name} (${manifest.skills.length} skill${manifest.skills.length === 1 ? '' : 's'})`);
  return 0;
}
