// What the server reads from its environment (PORT, GRPC_PORT, HOST, A2A_PUBLIC_URL, secrets) and
// how the card's URLs follow where it really listens.
import { protocol } from '../protocol.js';
import { serverDefaults } from '../agent.js';
import { cardEndpoint, withCardEndpoint } from '../runtime/card-endpoint.js';
import type { AgentCard } from '../types.js';

export function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

/** A port from the environment (PORT, GRPC_PORT); 0 asks for a free one. */
export function envPort(name = 'PORT'): number | undefined {
  const raw = env(name);
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got ${JSON.stringify(raw)}`);
  return port;
}

/** `host:port`, an IPv6 host in brackets. */
export const hostPort = (host: string, port: number): string => `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

/**
 * The host a card gives for a server listening on `host`: that host, but for a wildcard address
 * (0.0.0.0, ::), which no client can call — then the host of the card's own URL.
 */
export function advertisedHost(host: string, card: AgentCard): string {
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return host;
  try {
    return new URL(String(cardEndpoint(card))).hostname;
  } catch {
    return '127.0.0.1';
  }
}

/** The HTTP+JSON mount: the option, else the manifest's when it serves the binding (and the version has one). */
export function restPathOption(option: string | false | undefined): string | undefined {
  if (option === false || !protocol.rest) return undefined;
  if (option !== undefined) return option;
  return (serverDefaults.bindings as readonly string[]).includes('rest') ? serverDefaults.restPath : undefined;
}

export function withUrl(card: AgentCard, url: string | undefined): AgentCard {
  return url ? withCardEndpoint(card, url) : card;
}

/** On loopback, the card's url follows the port actually listened on (PORT=0 in tests, say). */
export function followPort(card: AgentCard, port: number): AgentCard {
  try {
    const url = new URL(String(cardEndpoint(card)));
    if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.port === String(port)) return card;
    url.port = String(port);
    return withCardEndpoint(card, url.toString());
  } catch {
    return card;
  }
}

/** Which variable an empty list of secrets (or users) was read from: start-up names it (bindings/auth-setup.ts). */
const readEmpty = new WeakMap<object, string>();
export const emptyVariableOf = (secrets: object): string | undefined => readEmpty.get(secrets);

/** Secrets from a comma-separated environment variable (empty when unset). */
export function secretsFromEnv(name: string): string[] {
  const secrets = (env(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0) readEmpty.set(secrets, name);
  return secrets;
}

/** Basic-auth users from a comma-separated environment variable of `user:password` pairs (none when unset). */
export function usersFromEnv(name: string): Record<string, string> {
  const pairs = secretsFromEnv(name);
  const users = Object.fromEntries(pairs.map((pair) => [pair.split(':')[0], pair.slice(pair.indexOf(':') + 1)]));
  if (pairs.length === 0) readEmpty.set(users, name);
  return users;
}
