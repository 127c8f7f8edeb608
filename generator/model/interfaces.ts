// The interfaces an agent offers — which protocol bindings, at which URLs, preferred first —
// and how its card lists them: `url` + `preferredTransport` + `additionalInterfaces` (v0.2.4 to
// v0.3.0, §5.6), `supportedInterfaces` (v1.0, §8.3). The manifest says which bindings and where
// (`server.bindings`, `server.restPath`, `server.grpcPort`); the default is JSON-RPC and, where the
// spec defines it, HTTP+JSON (gRPC adds a dependency, so it is asked for).
import type { ManifestServer } from '../load/manifest.js';
import type { CompatModel } from './compat.js';
import type { ProtocolModel } from './protocol.js';

export type BindingName = 'jsonrpc' | 'rest' | 'grpc';

/** How cards name each binding: v0.3.0's TransportProtocol, v1.0's `protocolBinding`. */
export const CARD_BINDING: Readonly<Record<BindingName, string>> = { jsonrpc: 'JSONRPC', rest: 'HTTP+JSON', grpc: 'GRPC' };

/** gRPC's conventional port (grpc.io's examples, most SDKs' defaults). */
const DEFAULT_GRPC_PORT = 50051;

export interface Interfaces {
  /** Served bindings, the preferred first. */
  bindings: BindingName[];
  /** Where the HTTP+JSON binding is mounted (served only when `bindings` has `rest`). */
  restPath: string;
  /** Where gRPC listens (served only when `bindings` has `grpc`). */
  grpcPort: number;
}

export function servedInterfaces(protocol: ProtocolModel, server: ManifestServer, basePath: string): Interfaces {
  return {
    bindings: server.bindings ? [...server.bindings] : protocol.rest ? ['jsonrpc', 'rest'] : ['jsonrpc'],
    restPath: server.restPath ?? (basePath === '/' ? '/rest' : `${basePath.replace(/\/$/, '')}/rest`),
    grpcPort: server.grpcPort ?? DEFAULT_GRPC_PORT,
  };
}

/** The JSON-RPC endpoint's path: the manifest's, else the path of `agent.url`. */
export function basePathOf(server: ManifestServer, url: unknown): string {
  if (server.basePath) return server.basePath;
  try {
    return new URL(String(url)).pathname || '/';
  } catch {
    return '/';
  }
}

/**
 * The public URL of each binding. `agentUrl` is the JSON-RPC endpoint; HTTP+JSON is at the
 * same origin — under the same public prefix when `agent.url` maps basePath through a proxy
 * (`https://x/agents/a2a` for basePath `/a2a` puts `/a2a/rest` at `https://x/agents/a2a/rest`).
 * gRPC is an address, `host:port` (what gRPC channels dial): the host of `agent.url`, the gRPC
 * port; the server rewrites it to where it really listens (server/index.ts).
 */
export function bindingUrl(binding: BindingName, agentUrl: unknown, basePath: string, restPath: string, grpcPort: number): unknown {
  if (binding === 'grpc') return `${hostOf(agentUrl)}:${grpcPort}`;
  if (binding === 'jsonrpc' || typeof agentUrl !== 'string') return agentUrl;
  try {
    const url = new URL(agentUrl);
    const base = basePath.replace(/\/$/, '');
    const publicPath = url.pathname.replace(/\/$/, '');
    if (base !== '' && publicPath.endsWith(base) && restPath.startsWith(`${base}/`)) url.pathname = publicPath + restPath.slice(base.length);
    else url.pathname = restPath;
    return url.toString();
  } catch {
    return restPath;
  }
}

/** The host of the agent's URL as an address writes it (`[::1]`), or loopback when it has none. */
function hostOf(agentUrl: unknown): string {
  try {
    return new URL(String(agentUrl)).host.replace(/:\d+$/, '') || '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

/** The card's fields that list the interfaces, for a card schema that has them. */
export function interfaceCardFields(
  protocol: ProtocolModel,
  compat: readonly CompatModel[],
  agentUrl: unknown,
  server: Interfaces & { basePath: string; tenant?: string },
): Record<string, unknown> {
  const cardProps = protocol.definitions.AgentCard?.properties ?? {};
  const url = (b: BindingName) => bindingUrl(b, agentUrl, server.basePath, server.restPath, server.grpcPort);
  const [preferred] = server.bindings;
  const fields: Record<string, unknown> = {};
  if ('supportedInterfaces' in cardProps && !('url' in cardProps)) {
    // One interface per binding and version: the agent's own first, then each it answers by translation (`compat`), at the same URLs.
    const versions = [protocol.wireVersion, ...compat.map((c) => c.version)];
    fields.supportedInterfaces = versions.flatMap((protocolVersion) =>
      server.bindings.map((b) => ({
        url: url(b),
        protocolBinding: CARD_BINDING[b],
        ...(server.tenant ? { tenant: server.tenant } : {}),
        protocolVersion,
      })),
    );
    return fields;
  }
  if ('preferredTransport' in cardProps) {
    fields.preferredTransport = CARD_BINDING[preferred];
    // The main url is the preferred binding's (§5.6.4: preferredTransport "MUST be available at the main url").
    if (preferred !== 'jsonrpc') fields.url = url(preferred);
  }
  // §5.6.4: additionalInterfaces "SHOULD include an entry corresponding to the main url". Without
  // an agent.url there is none to list: the missing url is the one error to report.
  if ('additionalInterfaces' in cardProps && server.bindings.length > 1 && typeof agentUrl === 'string')
    fields.additionalInterfaces = server.bindings.map((b) => ({ url: url(b), transport: CARD_BINDING[b] }));
  return fields;
}
