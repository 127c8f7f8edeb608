// emit/server: the typed layer derived from the model (handler
// maps, auth verifiers, custom methods), the wiring of your skill handlers, and the scaffolds
// you own: src/main.ts and one typed handler per skill.
import { sample } from '../model/sample.js';
import type { SkillModel } from '../model/agent.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsLiteral, tsPropertyKey, tsString } from './escape.js';
import { serverExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, userFile, type GeneratedFile } from './generated-file.js';
import { GENERATED, handlersExports, schemaType, skillHandler, skillType } from './generated-symbols.js';
import { TsFile } from './ts-file.js';

/** The verifier a scheme's credential needs (the server's auth.ts). */
const VERIFIER_TYPES = {
  bearer: serverExports.BearerVerifier,
  basic: serverExports.BasicVerifier,
  apiKey: serverExports.ApiKeyVerifier,
  scheme: serverExports.SchemeVerifier,
  mutualTLS: serverExports.MutualTlsVerifier,
} as const;

export function emitServer(ctx: EmitContext): GeneratedFile[] {
  return [handlerTypes(ctx), skillWiring(ctx), mainScaffold(ctx), ...tracingScaffold(ctx), ...ctx.agent.skills.map((s) => skillScaffold(ctx, s))];
}

function handlerTypes(ctx: EmitContext): GeneratedFile {
  const file = new TsFile(GENERATED.handlers);
  for (const symbol of Object.values(handlersExports)) file.declare(symbol);
  const SkillHandler = file.importType(serverExports.SkillHandler);
  const skills = ctx.agent.skills.map((s) => {
    const input = file.importType(skillType(s.names.input));
    const output = file.importType(skillType(s.names.output));
    const about = [s.card.name, s.card.description].filter((x) => typeof x === 'string' && x).join(' — ');
    return `${tsDoc(about, '  ')}  ${tsString(s.id)}: ${SkillHandler}<${input}, ${output}>;\n`;
  });
  const verifiers = ctx.agent.security.schemes.map((scheme) => {
    const type = file.importType(VERIFIER_TYPES[scheme.credential]);
    const how =
      scheme.credential === 'apiKey'
        ? `API key in ${scheme.in} "${scheme.paramName}"`
        : scheme.credential === 'scheme'
          ? `Authorization: ${scheme.authScheme} …`
          : scheme.credential;
    return `${tsDoc(`Scheme "${scheme.name}" (${scheme.type}): ${how}.${scheme.description ? ' ' + scheme.description : ''}`, '  ')}  ${tsString(scheme.name)}: ${type};\n`;
  });
  const custom = ctx.protocol.methods
    .filter((m) => m.role === 'custom')
    .map((m) => {
      const CallContext = file.importType(serverExports.CallContext);
      const params = m.paramsType ? file.importType(schemaType(m.paramsType)) : 'undefined';
      const result = file.importType(schemaType(m.resultType));
      const returns = m.streaming ? `AsyncIterable<${result}>` : `${result} | Promise<${result}>`;
      return `${tsDoc(m.description, '  ')}  ${tsString(m.name)}?: (params: ${params}, context: ${CallContext}) => ${returns};\n`;
    });
  file.add(
    tsDoc('One typed handler per skill in the manifest. Implement them in src/skills/<id>.ts.'),
    `export interface SkillHandlers {\n${skills.join('')}}\n\n`,
    `export type SkillId = keyof SkillHandlers;\n\n`,
    tsDoc(
      ctx.agent.security.schemes.length
        ? 'A verifier for each security scheme the card declares (each is required).'
        : 'The card declares no security scheme: no verifier is needed.',
    ),
    `export interface AuthVerifiers {\n${verifiers.join('')}}\n\n`,
    tsDoc('Methods of this A2A version that a2a-gen has no built-in role for. Unimplemented ones answer UnsupportedOperationError.'),
    `export interface CustomMethodHandlers {\n${custom.join('')}}\n`,
  );
  return generatorFile(file.path, file.toString());
}

function skillWiring(ctx: EmitContext): GeneratedFile {
  const file = new TsFile(`${A2A_DIR}/skills.ts`);
  file.declare('skills');
  const SkillHandlers = file.importType(handlersExports.SkillHandlers);
  const entries = ctx.agent.skills.map((s) => {
    const local = file.import(skillHandler(s.names), { as: s.names.value });
    return `  ${tsPropertyKey(s.id)}: ${local},\n`;
  });
  file.add(
    tsDoc('Your skill handlers (src/skills/*.ts, each exporting `handler`), by skill id.'),
    `export const skills: ${SkillHandlers} = {${entries.length ? '\n' + entries.join('') : ''}};\n`,
  );
  return generatorFile(file.path, file.toString());
}

function mainScaffold(ctx: EmitContext): GeneratedFile {
  const schemes = ctx.agent.security.schemes.map((s) => ({
    key: tsPropertyKey(s.name),
    env: s.secretsEnv,
    kind: s.credential,
  }));
  return userFile(
    'src/main.ts',
    ctx.templates.render('scaffold/main.ts.hbs', {
      agentName: ctx.agent.card.name,
      schemes,
      hasSchemes: schemes.length > 0,
      usesBasic: schemes.some((s) => s.kind === 'basic'),
      usesSecrets: schemes.some((s) => s.kind !== 'basic' && s.kind !== 'mutualTLS'),
      tracing: ctx.agent.server.tracing === 'opentelemetry',
      postgres: ctx.agent.server.store === 'postgres',
      databaseUrlEnv: ctx.agent.server.databaseUrlEnv,
      grpc: ctx.agent.grpc !== undefined,
      cardSigning: ctx.agent.server.cardSigning || undefined,
    }),
  );
}

/** src/tracing.ts, when the manifest opts into OpenTelemetry: the adapter main.ts passes as `tracing`. */
function tracingScaffold(ctx: EmitContext): GeneratedFile[] {
  if (ctx.agent.server.tracing !== 'opentelemetry') return [];
  return [userFile('src/tracing.ts', ctx.templates.render('scaffold/tracing.ts.hbs', { tracerName: String(ctx.agent.card.name) }))];
}

function skillScaffold(ctx: EmitContext, skill: SkillModel): GeneratedFile {
  const inputExample = skill.input ? sample(skill.input, { root: skill.input }) : undefined;
  const outputExample = skill.output ? sample(skill.output, { root: skill.output }) : undefined;
  return userFile(
    skill.names.handlerModule,
    ctx.templates.render('scaffold/skill.ts.hbs', {
      id: skill.id,
      name: typeof skill.card.name === 'string' ? skill.card.name : skill.id,
      description: typeof skill.card.description === 'string' ? skill.card.description : '',
      inputType: skill.names.input,
      outputType: skill.names.output,
      hasInput: skill.input !== undefined,
      hasOutput: skill.output !== undefined,
      inputExampleJson: inputExample === undefined ? '' : JSON.stringify(inputExample),
      outputExample: outputExample === undefined ? '' : tsLiteral(outputExample, '  '),
    }),
  );
}
