// The example manifests and which bundled versions each one's card fits.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '../../generator/generate.js';
import { loadInputs, type LoadedInputs } from '../../generator/inputs.js';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const EXAMPLES_DIR = join(ROOT, 'examples');
/** Every bundled version: the a2a.json files of v0.x and the a2a.proto files of v1.0 on. */
export const VERSIONS = [
  ...readdirSync(join(ROOT, 'schema', 'a2a')).map((n) => /^v(.+)\.json$/.exec(n)?.[1]),
  ...readdirSync(join(ROOT, 'schema', 'proto')).map((n) => /^v(.+)\.proto$/.exec(n)?.[1]),
]
  .filter((v): v is string => !!v)
  .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
const V1 = VERSIONS.filter((v) => Number(v.split('.')[0]) >= 1);

export const EXAMPLES = readdirSync(EXAMPLES_DIR)
  .filter((n) => n.endsWith('.a2a.yaml'))
  .map((n) => n.replace(/\.a2a\.yaml$/, ''))
  .sort();

/** Versions whose AgentCard each example fits (the rest are rejected with a clear error, tested elsewhere). */
export const FITS: Record<string, string[]> = {
  hello: VERSIONS,
  // `compat: [0.3.0]`: only a v1.x agent answers another version.
  'hello-v1': V1,
  // gRPC with `compat: [0.3.0]` (and v1.0's securitySchemes): v1.x only.
  relay: V1,
  // v1.0's securitySchemes (oneofs) and securityRequirements, with `compat: [0.3.0]`: v1.x only.
  'georoute-v1': V1,
  // Their v0.x securitySchemes (`type: apiKey`, `security:`) are not v1.0's (SecurityScheme oneofs, securityRequirements).
  currency: VERSIONS.filter((v) => v !== '0.1.0' && !V1.includes(v)),
  georoute: VERSIONS.filter((v) => !['0.1.0', '0.2.0', '0.2.1'].includes(v) && !V1.includes(v)),
  'legacy-v0.1': ['0.1.0'],
};

export const exampleText = (name: string): string => readFileSync(join(EXAMPLES_DIR, `${name}.a2a.yaml`), 'utf8');

export async function loadExample(name: string, spec?: string): Promise<LoadedInputs> {
  return loadInputs({ manifestPath: `${name}.a2a.yaml`, spec, cwd: EXAMPLES_DIR });
}

export async function generateExample(name: string, spec?: string): Promise<GeneratedFile[]> {
  return generate(await loadExample(name, spec));
}
