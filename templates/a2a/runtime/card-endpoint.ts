// Where a card says its JSON-RPC endpoint is: `url` before v1.0; from v1.0 the JSON-RPC entry
// of `supportedInterfaces` whose version this code speaks (spec v1.0 §8.3). One place for
// both, so the server can move its endpoint (a public URL, the port actually listened on)
// and the client can find it whatever the version.
import { protocol } from '../protocol.js';

type Card = Record<string, unknown>;
interface AgentInterface {
  url?: unknown;
  protocolBinding?: unknown;
  protocolVersion?: unknown;
}

const JSON_RPC = 'JSONRPC';
const served = protocol.negotiation?.served;

/** Major.Minor of a version (`1.0.1` → `1.0`), as §3.6 compares them. */
const majorMinor = (version: unknown): string => String(version).split('.').slice(0, 2).join('.');

/** The index of the card's JSON-RPC interface this code speaks, or -1. */
function interfaceIndex(card: Card): number {
  const interfaces = Array.isArray(card.supportedInterfaces) ? (card.supportedInterfaces as AgentInterface[]) : [];
  return interfaces.findIndex(
    (i) =>
      i !== null &&
      typeof i === 'object' &&
      i.protocolBinding === JSON_RPC &&
      typeof i.url === 'string' &&
      (served === undefined || served.includes(majorMinor(i.protocolVersion))),
  );
}

/** The JSON-RPC endpoint the card advertises, or undefined when it has none this code can call. */
export function cardEndpoint(card: object): string | undefined {
  const c = card as Card;
  if (typeof c.url === 'string') return c.url;
  const at = interfaceIndex(c);
  return at < 0 ? undefined : ((c.supportedInterfaces as AgentInterface[])[at].url as string);
}

/** The tenant of the card's JSON-RPC interface (v1.0 multi-tenancy): requests echo it in `tenant`. */
export function cardTenant(card: object): string | undefined {
  const c = card as Card;
  const at = interfaceIndex(c);
  const tenant = at < 0 ? undefined : (c.supportedInterfaces as (AgentInterface & { tenant?: unknown })[])[at].tenant;
  return typeof tenant === 'string' && tenant !== '' ? tenant : undefined;
}

/** A copy of the card whose JSON-RPC endpoint is `url` (the card itself when `url` is undefined). */
export function withCardEndpoint<T extends object>(card: T, url: string | undefined): T {
  if (url === undefined) return card;
  const c = card as Card;
  const at = interfaceIndex(c);
  if (at < 0) return { ...c, url } as unknown as T;
  const interfaces = (c.supportedInterfaces as AgentInterface[]).map((i, n) => (n === at ? { ...i, url } : i));
  return { ...c, supportedInterfaces: interfaces } as unknown as T;
}
