// emit/version-adapters: src/a2a/version-adapters.ts, which lists the versions the agent answers
// beside its own (the manifest's `compat`) by the adapters that translate them, client-versions.ts,
// the versions its client can fall back to when asked. The modules those need (templates/a2a/compat/,
// proto-v03/) are copied by runtime.ts; other agents list none and carry none of that code.
import type { EmitContext } from './context.js';
import { tsDoc } from './escape.js';
import { clientExports, serverExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { TsFile } from './ts-file.js';

export function emitVersionAdapters(ctx: EmitContext): GeneratedFile[] {
  const file = new TsFile(`${A2A_DIR}/version-adapters.ts`);
  file.declare('versionAdapters');
  const VersionAdapter = file.importType(serverExports.VersionAdapter);
  const compat = ctx.agent.compat;
  const adapters = compat.map((c) => file.import(c.adapter.server));
  file.add(
    tsDoc(
      compat.length
        ? `A2A ${ctx.protocol.name} agent answering ${compat.map((c) => `v${c.fullVersion}`).join(', ')} clients too, through these translations.`
        : `This agent answers A2A ${ctx.protocol.name} only (no \`compat\` in its manifest).`,
    ),
    `export const versionAdapters: readonly ${VersionAdapter}[] = [${adapters.join(', ')}];\n`,
  );
  const clientFile = new TsFile(`${A2A_DIR}/client-versions.ts`);
  clientFile.declare('clientVersions');
  const FallbackVersion = clientFile.importType(clientExports.FallbackVersion);
  const clients = compat.map((c) => clientFile.import(c.adapter.client));
  clientFile.add(
    tsDoc(
      compat.length
        ? `The older versions this client can speak when its caller accepts them (\`versions\`; spec v1.0 §3.6.3: never on its own): ${compat.map((c) => `v${c.fullVersion}`).join(', ')}.`
        : `This client speaks A2A ${ctx.protocol.name} only (no \`compat\` in its manifest).`,
    ),
    `export const clientVersions: readonly ${FallbackVersion}[] = [${clients.join(', ')}];\n`,
  );
  return [generatorFile(file.path, file.toString()), generatorFile(clientFile.path, clientFile.toString())];
}
