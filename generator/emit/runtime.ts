// The version-agnostic runtime modules (templates/runtime/<area>/) are copied into the
// agent project unchanged; they read the generated protocol descriptor for everything
// version-specific. One folder of templates per destination folder.
import type { EmitContext } from './context.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';

export function copyRuntime(ctx: EmitContext, area: string, destination = `${A2A_DIR}/${area}`): GeneratedFile[] {
  const prefix = `runtime/${area}/`;
  return ctx.templates.list(prefix).map((path) => generatorFile(`${destination}/${path.slice(prefix.length)}`, ctx.templates.raw(path)));
}
