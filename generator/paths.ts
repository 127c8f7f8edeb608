// Where a2a-gen's own files live, whether it runs from source (vitest), from dist/
// (the built CLI) or from an installed package.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/** The folder holding a2a-gen's package.json, schema/ and templates/. */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'a2a-gen') return (cachedRoot = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('a2a-gen: cannot find its own package.json above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const bundledSchemaDir = (): string => join(packageRoot(), 'schema', 'a2a');
/** v1.0 on, the proto is the normative source: bundled as `schema/proto/v<version>.proto`. */
export const bundledProtoDir = (): string => join(packageRoot(), 'schema', 'proto');
export const templatesDir = (): string => join(packageRoot(), 'templates');

/** The tool's version, written into every generated file's header. */
export function toolVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
