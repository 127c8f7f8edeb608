// emit/agent: the Agent Card(s) as JSON and as a typed module, with the server defaults and
// security the manifest declares. The TS module makes the compiler check the card against
// the version's AgentCard type as well.
import { securityDescriptor } from '../model/security.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsLiteral } from './escape.js';
import { runtimeExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { schemaType } from './generated-symbols.js';
import { TsFile } from './ts-file.js';

export function emitAgentModule(ctx: EmitContext): GeneratedFile[] {
  const { agent } = ctx;
  const file = new TsFile(`${A2A_DIR}/agent.ts`);
  for (const name of ['agentCard', 'extendedAgentCard', 'skillRoutes', 'security', 'serverDefaults']) file.declare(name);
  const AgentCard = file.importType(schemaType('AgentCard'));
  const SecurityDescriptor = file.importType(runtimeExports.SecurityDescriptor);
  const skills = agent.skills.map((s) => ({
    id: s.id,
    inputModes: s.inputModes,
    outputModes: s.outputModes,
    hasInput: s.input !== undefined,
    hasOutput: s.output !== undefined,
  }));
  file.add(
    tsDoc('The public Agent Card, served at the well-known path(s).'),
    `export const agentCard: ${AgentCard} = ${tsLiteral(agent.card)};\n\n`,
    tsDoc('The authenticated extended card (`undefined` when the manifest does not offer one).'),
    `export const extendedAgentCard: ${AgentCard} | undefined = ${agent.extendedCard ? tsLiteral(agent.extendedCard) : 'undefined'};\n\n`,
    tsDoc('Skills as the runtime routes them: media types, and whether a typed payload is declared.'),
    `export const skillRoutes = ${tsLiteral(skills)} as const;\n\n`,
    tsDoc('Security requirements from the manifest: any one alternative (OR) whose schemes all pass (AND).'),
    `export const security = ${tsLiteral(securityDescriptor(agent.security))} as const satisfies ${SecurityDescriptor};\n\n`,
    tsDoc('Server settings from the manifest; `PORT` and `HOST` environment variables override port and host.'),
    `export const serverDefaults = ${tsLiteral(agent.server)} as const;\n`,
  );
  const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';
  const files = [generatorFile(file.path, file.toString()), generatorFile(`${A2A_DIR}/agent-card.json`, json(agent.card))];
  if (agent.extendedCard) files.push(generatorFile(`${A2A_DIR}/agent-card.extended.json`, json(agent.extendedCard)));
  return files;
}
