// Generates and builds the benchmark agent with the real CLI and the agent's own tsconfig.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `variant` (bench/pg.mjs: `postgres`) generates the same agent with `server.store: postgres`;
 * `v1` (bench/server-v1.mjs) generates it for A2A v1.0 (`spec: '1.0'`, from the bundled a2a.proto);
 * `compat` (bench/compat.mjs) for A2A v1.0 answering v0.3.0 clients too (`compat: [0.3.0]`);
 * `grpc` (bench/grpc.mjs) for A2A v1.0 serving gRPC beside JSON-RPC (on a free port).
 */
export function prepareBenchAgent(variant) {
  const dir = join(root, variant ? `bench/.tmp/bench-agent-${variant}` : 'bench/.tmp/bench-agent');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let manifest = join(root, 'bench/fixtures/bench-agent.a2a.yaml');
  if (variant === 'postgres') {
    const copy = join(dir, 'a2a.yaml');
    writeFileSync(copy, readFileSync(manifest, 'utf8') + 'server:\n  store: postgres\n');
    manifest = copy;
  } else if (variant === 'v1' || variant === 'compat' || variant === 'grpc') {
    const copy = join(dir, 'a2a.yaml');
    const spec = variant === 'compat' ? "spec: '1.0'\ncompat: [0.3.0]" : "spec: '1.0'";
    const server = variant === 'grpc' ? 'server:\n  bindings: [jsonrpc, grpc]\n  grpcPort: 0\n' : '';
    writeFileSync(copy, readFileSync(manifest, 'utf8').replace(/^spec: .*$/m, spec) + server);
    manifest = copy;
  }
  execFileSync(process.execPath, [join(root, 'bin/a2a-gen.js'), 'generate', '--manifest', manifest, '--out', dir, '--quiet'], { stdio: 'inherit' });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  return dir;
}
