// The version-agnostic runtime modules are copied into the agent project unchanged: the
// template tree mirrors the output tree (templates/a2a/<area>/ → src/a2a/<area>/), so their
// relative imports of generated modules resolve in both. They read the generated protocol
// descriptor for everything version-specific.
import type { EmitContext } from './context.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';

/** A folder of templates/a2a/, copied whole into the agent's src/a2a/. */
export type RuntimeArea = 'runtime' | 'server' | 'client' | 'validators' | 'postgres' | 'proto-v03' | 'compat';

export function copyRuntime(ctx: EmitContext, area: RuntimeArea): GeneratedFile[] {
  const prefix = `a2a/${area}/`;
  return ctx.templates.list(prefix).map((path) => generatorFile(`${A2A_DIR}/${path.slice('a2a/'.length)}`, ctx.templates.raw(path)));
}
