// Where a card says its interfaces are, preferred first: before v1.0 the main `url` speaks
// `preferredTransport` (JSON-RPC when absent) and `additionalInterfaces` lists more (v0.2.4 on,
// §5.6); from v1.0 `supportedInterfaces` lists them all (§8.3), and only those whose version
// this code speaks count. One place for every version, so the server can move its endpoints
// (a public URL, the port actually listened on) and a client can find the binding it wants.
import { protocol } from '../protocol.js';
import { isObject, type Loose as Card } from './shapes.js';

/** One interface of a card, whatever the version's field names. */
export interface CardInterface {
  url: string;
  /** `JSONRPC`, `HTTP+JSON`, `GRPC`, … as the card names it. */
  binding: string;
  /** v1.0: the interface's tenant, which requests echo. */
  tenant?: string;
  /** v1.0: the interface's A2A version, Major.Minor (`1.0`, `0.3`); before, every interface speaks the card's. */
  version?: string;
}

export const JSON_RPC = 'JSONRPC';
export const HTTP_JSON = 'HTTP+JSON';
export const GRPC = 'GRPC';
const served = protocol.negotiation?.served;

/** Major.Minor of a version (`1.0.1` → `1.0`), as §3.6 compares them. */
const majorMinor = (version: unknown): string => String(version).split('.').slice(0, 2).join('.');
const listOf = (v: unknown): Card[] => (Array.isArray(v) ? v.filter(isObject) : []);

/**
 * Every interface of the card this code can speak — of the versions in `versions` (default: the
 * ones this code serves) — preferred first, each URL once per binding and version.
 */
export function cardInterfaces(card: object, versions: readonly string[] | undefined = served): CardInterface[] {
  const c = card as Card;
  const out: CardInterface[] = [];
  const add = (url: unknown, binding: unknown, tenant?: unknown, version?: string): void => {
    if (typeof url !== 'string' || typeof binding !== 'string') return;
    if (out.some((i) => i.url === url && i.binding === binding && i.version === version)) return;
    const found: CardInterface = { url, binding };
    if (typeof tenant === 'string' && tenant !== '') found.tenant = tenant;
    if (version !== undefined) found.version = version;
    out.push(found);
  };
  // Code without version negotiation (v0.x) reads a card's v0.x fields when it has them: a v1.0
  // agent answering v0.3 clients serves them beside v1.0's supportedInterfaces.
  if (Array.isArray(c.supportedInterfaces) && !(versions === undefined && typeof c.url === 'string')) {
    for (const i of listOf(c.supportedInterfaces)) {
      const version = majorMinor(i.protocolVersion);
      if (versions === undefined || versions.includes(version)) add(i.url, i.protocolBinding, i.tenant, version);
    }
    return out;
  }
  add(c.url, typeof c.preferredTransport === 'string' ? c.preferredTransport : JSON_RPC);
  for (const i of listOf(c.additionalInterfaces)) add(i.url, i.transport);
  return out;
}

/** The card's endpoint for a binding (JSON-RPC unless named), or undefined when it has none this code can call. */
export function cardEndpoint(card: object, binding: string = JSON_RPC): string | undefined {
  return cardInterfaces(card).find((i) => i.binding === binding)?.url;
}

/** The tenant of the card's interface for a binding (v1.0 multi-tenancy): requests echo it in `tenant`. */
export function cardTenant(card: object, binding: string = JSON_RPC): string | undefined {
  return cardInterfaces(card).find((i) => i.binding === binding)?.tenant;
}

/**
 * A copy of the card whose JSON-RPC endpoint is `url` (the card itself when `url` is undefined),
 * every other interface moving with it: one under the old endpoint stays under the new one
 * (`…/a2a/rest` follows `…/a2a`), one elsewhere on the same origin takes the new origin.
 */
export function withCardEndpoint<T extends object>(card: T, url: string | undefined): T {
  if (url === undefined) return card;
  const c = card as Card;
  const old = cardEndpoint(c);
  if (old === undefined) return (Array.isArray(c.supportedInterfaces) ? card : { ...c, url }) as T;
  const move = (u: unknown): unknown => (typeof u === 'string' ? moved(u, old, url) : u);
  const copy: Card = { ...c };
  if (typeof c.url === 'string') copy.url = move(c.url);
  for (const field of ['additionalInterfaces', 'supportedInterfaces'])
    if (Array.isArray(c[field])) copy[field] = (c[field] as unknown[]).map((i) => (isObject(i) ? { ...i, url: move(i.url) } : i));
  return copy as T;
}

function moved(u: string, from: string, to: string): string {
  if (u === from) return to;
  const base = from.replace(/\/$/, '');
  if (u.startsWith(`${base}/`)) return to.replace(/\/$/, '') + u.slice(base.length);
  try {
    const target = new URL(u);
    const [before, after] = [new URL(from), new URL(to)];
    if (target.origin !== before.origin) return u;
    return after.origin + target.pathname + target.search;
  } catch {
    return u;
  }
}

/** A copy of the card whose interfaces of one binding are at `url` (gRPC's `host:port`, which no other interface follows). */
export function withBindingUrl<T extends object>(card: T, binding: string, url: string): T {
  const c = card as Card;
  const copy: Card = { ...c };
  if (c.preferredTransport === binding && typeof c.url === 'string') copy.url = url;
  if (Array.isArray(c.supportedInterfaces))
    copy.supportedInterfaces = c.supportedInterfaces.map((i) => (isObject(i) && i.protocolBinding === binding ? { ...i, url } : i));
  if (Array.isArray(c.additionalInterfaces))
    copy.additionalInterfaces = c.additionalInterfaces.map((i) => (isObject(i) && i.transport === binding ? { ...i, url } : i));
  return copy as T;
}
