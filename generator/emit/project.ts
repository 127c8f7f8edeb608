// emit/project: the files an agent project needs around its code — package.json, tsconfig,
// vitest config, README, .gitignore, an agent test, a Dockerfile. All are yours: created once,
// never overwritten.
import { kebabCase } from '../model/names.js';
import { sample } from '../model/sample.js';
import type { SkillModel } from '../model/agent.js';
import { skillArgument } from './client.js';
import { containerPort, emitContainer, imageName } from './container.js';
import { quickStart, routingExamples, streamExample } from './project-readme.js';
import { curlRequests } from './readme-curl.js';
import { tsLiteral, tsPropertyKey, tsString } from './escape.js';
import type { EmitContext } from './context.js';
import { userFile, type GeneratedFile } from './generated-file.js';

export function emitProject(ctx: EmitContext): GeneratedFile[] {
  const { agent, protocol } = ctx;
  const card = agent.card as { name?: unknown; description?: unknown; version?: unknown };
  const name = (kebabCase(String(card.name ?? '')) || 'a2a-agent').slice(0, 100);
  const version = typeof card.version === 'string' && /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(card.version) ? card.version : '0.1.0';
  const schemes = agent.security.schemes.map((s) => ({
    name: s.name,
    env: s.secretsEnv,
    format:
      s.credential === 'basic'
        ? 'user:password pairs'
        : s.credential === 'mutualTLS'
          ? '(client certificates, no variable)'
          : s.credential === 'apiKey'
            ? 'API keys'
            : 'tokens',
  }));
  const image = imageName(name);
  const data = {
    packageName: name,
    version,
    agentName: String(card.name ?? name),
    description: String(card.description ?? ''),
    specName: protocol.name,
    manifestName: agent.manifestName,
    a2aGenDependency: ctx.scaffold.a2aGenDependency,
    tracing: agent.server.tracing === 'opentelemetry',
    postgres: agent.server.store === 'postgres',
    databaseUrlEnv: agent.server.databaseUrlEnv,
    dependencies: runtimeDependencies(ctx),
    grpc: agent.grpc ? { port: agent.server.grpcPort } : undefined,
    streamMethod: protocol.methods.find((m) => m.role === 'stream')?.name ?? '',
    streamClientMethod: protocol.methods.find((m) => m.role === 'stream')?.clientName ?? '',
    quickStart: quickStart(agent.server.port, agent.server.basePath),
    cardRequest: `GET ${protocol.wellKnownPaths[0]}`,
    endpointRequest: `POST ${agent.server.basePath}`,
    dockerBuild: `docker build -t ${image} .`,
    dockerRun: `docker run -p ${containerPort(ctx)}:${containerPort(ctx)} ${image}`,
    skills: agent.skills.map((s) => ({
      id: s.id,
      handler: s.names.handlerModule,
      name: String(s.card.name ?? s.id),
      description: String(s.card.description ?? ''),
    })),
    defaultSkill: agent.skills[0]?.id ?? '',
    sendMethod: protocol.methods.find((m) => m.role === 'send')?.name ?? 'message/send',
    routing: routingExamples(ctx),
    streamExample: streamExample(ctx, agent.server.port),
    curl: curlRequests(ctx),
    olderVersions: agent.compat.map((c) => `v${c.fullVersion}`).join(', '),
    schemes,
    hasSchemes: schemes.length > 0,
  };
  return [
    agentTest(ctx),
    userFile('package.json', ctx.templates.render('scaffold/package.json.hbs', data)),
    userFile('tsconfig.json', ctx.templates.raw('scaffold/tsconfig.json')),
    userFile('vitest.config.ts', ctx.templates.raw('scaffold/vitest.config.ts')),
    userFile('README.md', ctx.templates.render('scaffold/README.md.hbs', data)),
    userFile('.gitignore', ctx.templates.raw('scaffold/gitignore')),
    ...emitContainer(ctx, image),
  ];
}

/** An argument the skill's helper accepts (see skillArgument in client.ts). */
function testArgument(skill: SkillModel): string {
  switch (skillArgument(skill)) {
    case 'input':
      return tsLiteral(sample(skill.input, { root: skill.input }), '    ');
    case 'text':
      return tsString('hello');
    case 'data':
      return '{ hello: true }';
    default:
      return `[filePart({ bytes: 'AAAA', mimeType: ${tsString(skill.inputModes[0] ?? 'application/octet-stream')} })]`;
  }
}

/** test/agent.test.ts: the agent on a loopback port, each skill called through the generated client. */
function agentTest(ctx: EmitContext): GeneratedFile {
  const { agent } = ctx;
  // Credentials for the first way in that a plain HTTP test can use (not mutual TLS).
  const usable =
    agent.security.requirements.find((alt) => alt.every((n) => agent.security.schemes.find((s) => s.name === n)?.credential !== 'mutualTLS')) ?? [];
  const schemes = usable.map((n) => agent.security.schemes.find((s) => s.name === n)!);
  const credentials = schemes
    .map((s) => `${tsPropertyKey(s.name)}: ${s.credential === 'basic' ? "{ username: 'test', password: 'test-secret' }" : "'test-secret'"}`)
    .join(', ');
  const skills = agent.skills.map((s) => ({
    testName: `skill ${s.id} answers`,
    helper: /^[A-Za-z_$][\w$]*$/.test(s.names.value) ? s.names.value : `[${tsString(s.names.value)}]`,
    hasOutput: s.output !== undefined,
    argument: testArgument(s),
  }));
  return userFile(
    'test/agent.test.ts',
    ctx.templates.render('scaffold/agent.test.ts.hbs', {
      agentName: String((agent.card as { name?: unknown }).name ?? ''),
      auth: agent.security.schemes.map((s) => ({ key: tsPropertyKey(s.name), kind: s.credential })),
      usesSecrets: agent.security.schemes.some((s) => s.credential !== 'basic' && s.credential !== 'mutualTLS'),
      usesBasic: agent.security.schemes.some((s) => s.credential === 'basic'),
      credentials,
      skills,
      usesFileParts: skills.some((s) => s.argument.startsWith('[filePart')),
    }),
  );
}

/**
 * What the agent needs at run time beyond Node: nothing, unless it opted into a feature that
 * does — tracing (@opentelemetry/api), the PostgreSQL store (pg), gRPC (@grpc/grpc-js, the
 * ecosystem's gRPC, for the generated client's gRPC transport; the server speaks gRPC over
 * node:http2 itself, and messages are coded by the runtime either way).
 */
function runtimeDependencies(ctx: EmitContext): { name: string; range: string; last: boolean }[] {
  const { server, grpc } = ctx.agent;
  const list = [
    ...(grpc ? [{ name: '@grpc/grpc-js', range: '^1.14.0' }] : []),
    ...(server.tracing === 'opentelemetry' ? [{ name: '@opentelemetry/api', range: '^1.9.0' }] : []),
    ...(server.store === 'postgres' ? [{ name: 'pg', range: '^8.16.0' }] : []),
  ];
  // The templates see no @last: each entry says whether a comma follows it.
  return list.map((d, i) => ({ ...d, last: i === list.length - 1 }));
}
