// emit/container: the scaffold's Dockerfile and .dockerignore — yours, created once. The
// image builds with the project's own scripts and runs `node dist/main.js` as the `node` user.
import type { EmitContext } from './context.js';
import { tsString } from './escape.js';
import { userFile, type GeneratedFile } from './generated-file.js';

/** The port a container listens on: the manifest's, unless that is 0 (any port), which no EXPOSE can name. */
export const containerPort = (ctx: EmitContext): number => ctx.agent.server.port || 41241;

/**
 * The HEALTHCHECK's command in Docker's JSON (exec) form: node fetches the version's Agent
 * Card on the port the agent listens on. The path is a JS string inside a JSON string, each
 * escaped for its own layer.
 */
export function healthcheckCommand(cardPath: string, port: number): string {
  const script = `fetch('http://127.0.0.1:' + (process.env.PORT || ${port}) + ${tsString(cardPath)}).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`;
  return JSON.stringify(['node', '-e', script]);
}

/** A Docker image name from the package name: lowercase words joined by `-`, none at the ends. */
export const imageName = (packageName: string): string => packageName.replace(/^-+|-+$/g, '') || 'a2a-agent';

export function emitContainer(ctx: EmitContext, image: string): GeneratedFile[] {
  const port = containerPort(ctx);
  return [
    userFile(
      'Dockerfile',
      ctx.templates.render('scaffold/Dockerfile.hbs', {
        imageName: image,
        port,
        ...(ctx.agent.grpc ? { grpcPort: ctx.agent.server.grpcPort } : {}),
        healthcheck: healthcheckCommand(ctx.protocol.wellKnownPaths[0], port),
      }),
    ),
    userFile('.dockerignore', ctx.templates.raw('scaffold/dockerignore')),
  ];
}
