// emit/project: the files an agent project needs around its code — package.json, tsconfig,
// README, .gitignore. All are yours: created once, never overwritten.
import { kebabCase } from '../model/names.js';
import type { EmitContext } from './context.js';
import { userFile, type GeneratedFile } from './generated-file.js';

export function emitProject(ctx: EmitContext): GeneratedFile[] {
  const { agent, protocol } = ctx;
  const card = agent.card as { name?: unknown; description?: unknown; version?: unknown };
  const name = (kebabCase(String(card.name ?? '')) || 'a2a-agent').slice(0, 100);
  const version = typeof card.version === 'string' && /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(card.version) ? card.version : '0.1.0';
  const schemes = agent.security.schemes.map((s) => ({
    name: s.name,
    env: `A2A_${s.name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_SECRETS`,
    format: s.credential === 'basic' ? 'user:password pairs' : s.credential === 'mutualTLS' ? '(client certificates, no variable)' : s.credential === 'apiKey' ? 'API keys' : 'tokens',
  }));
  const data = {
    packageName: name,
    version,
    agentName: String(card.name ?? name),
    description: String(card.description ?? ''),
    specVersion: protocol.version,
    manifestName: agent.manifestName,
    a2aGenDependency: ctx.scaffold.a2aGenDependency,
    port: agent.server.port,
    basePath: agent.server.basePath,
    cardPath: protocol.wellKnownPaths[0],
    skills: agent.skills.map((s) => ({ id: s.id, file: s.names.file, name: String(s.card.name ?? s.id), description: String(s.card.description ?? '') })),
    schemes,
    hasSchemes: schemes.length > 0,
  };
  return [
    userFile('package.json', ctx.templates.render('scaffold/package.json.hbs', data)),
    userFile('tsconfig.json', ctx.templates.raw('scaffold/tsconfig.json')),
    userFile('README.md', ctx.templates.render('scaffold/README.md.hbs', data)),
    userFile('.gitignore', ctx.templates.raw('scaffold/gitignore')),
  ];
}
