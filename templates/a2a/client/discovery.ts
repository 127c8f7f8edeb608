// Finding an agent: its card at the version's well-known path(s), validated against the
// generated AgentCard schema, and the interface to talk to: the card's preferred one among the
// bindings this client speaks, or the one asked for (runtime/card-endpoint.ts reads every
// version's way of listing them).
import { VERSION_HEADER } from './version-header.js';
import { protocol } from '../protocol.js';
import { cardInterfaces, GRPC, HTTP_JSON, JSON_RPC } from '../runtime/card-endpoint.js';
import type { ClientBinding } from './client-transport.js';
import { speaksGrpc } from './transport-choice.js';
import type { AgentCard } from '../types.js';
import { validators } from '../validators/index.js';
import { credentialsOf, type Auth } from './auth.js';
import { fallbackTo, spokenVersions } from './spoken-versions.js';
import { OWN_VERSION } from './version-fallback.js';
import { A2AHttpError, A2AResponseValidationError, A2ATransportError } from './client-errors.js';
import { CardSignatureError, trustedKeys, verifyCardSignatures, type CardVerification } from './card-verify.js';

export interface CardFetchOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Credentials (the extended card needs them; the public card does not); a 401 may be refreshed once. */
  auth?: Auth;
  /** Retries after network errors and 502/503/504. Default 2. */
  retries?: number;
  /** The A2A versions the caller accepts, preferred first (default: this client's own only); a card of an older one is read through its translation. */
  versions?: readonly string[];
  /** Check the card's signatures with these keys before using it (card-verify.ts); a card without a valid one throws CardSignatureError. */
  verifyCard?: CardVerification;
}

/** Where to look: a URL ending in .json is the card itself; otherwise the well-known paths under it. */
export function cardUrls(base: string): string[] {
  const url = new URL(base);
  if (url.pathname.endsWith('.json')) return [url.href];
  const root = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const at = (path: string): string[] => (url.pathname === '/' || url.pathname === '' ? [`${url.origin}${path}`] : [`${root}${path}`, `${url.origin}${path}`]);
  return [...new Set(protocol.wellKnownPaths.flatMap(at))];
}

export async function fetchJson(url: string, options: CardFetchOptions): Promise<{ status: number; value?: unknown; response: Response }> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const credentials = credentialsOf(options.auth);
  const retries = options.retries ?? 2;
  let refreshed = false;
  for (let attempt = 0; ; attempt++) {
    // Credentials per attempt, so a retry after a refresh sends the new ones.
    // v1.0 on, every request names its version (§3.6.1), the card's too.
    const request = { url: new URL(url), headers: new Headers({ accept: 'application/json', ...VERSION_HEADER }) };
    for (const hook of credentials.hooks) await hook(request);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
    const forward = (): void => controller.abort();
    options.signal?.addEventListener('abort', forward, { once: true });
    let unauthorized: Response | undefined;
    try {
      const response = await fetchImpl(request.url.href, { headers: request.headers, signal: controller.signal });
      if ([502, 503, 504].includes(response.status) && attempt < retries) {
        await response.body?.cancel();
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
        continue;
      }
      if (response.status === 401 && credentials.refresh && !refreshed) {
        unauthorized = new Response(await response.text(), { status: 401, statusText: response.statusText, headers: response.headers });
      } else if (!response.ok) return { status: response.status, response };
      else return { status: response.status, value: await response.json(), response };
    } catch (err) {
      if (options.signal?.aborted) throw new A2ATransportError(`fetching ${url}: aborted`, 'aborted', { cause: err });
      if (controller.signal.aborted) throw new A2ATransportError(`fetching ${url}: no answer within ${options.timeoutMs ?? 30_000} ms`, 'timeout');
      if (attempt >= retries) throw new A2ATransportError(`fetching ${url}: ${(err as Error).message}`, 'network', { cause: err });
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forward);
    }
    if (!unauthorized) continue;
    // Asked outside the try above, so the handler's own errors reach the caller as they are,
    // not as network failures to retry. Once only: a refresh that keeps failing cannot loop.
    refreshed = true;
    if (!(await credentials.refresh!(unauthorized))) return { status: 401, response: unauthorized };
    attempt--; // a refresh is not one of the retries
  }
}

export function checkCard(value: unknown, from: string): AgentCard {
  const issues = validators.AgentCard.check(value);
  if (issues) throw new A2AResponseValidationError(`the agent card at ${from} does not match the A2A ${protocol.name} AgentCard schema`, issues, value);
  return value as AgentCard;
}

/**
 * The ways this client can read the card, preferred first: as its own version's, then (when the
 * caller accepts an older version) as one of those, translated; each with the version it is read
 * in (undefined: its own). A compat agent's v0.3 card is often a valid v1.0 card too.
 */
function cardReadings(value: unknown, versions: readonly string[] | undefined): { card: AgentCard; version?: string }[] {
  const readings: { card: AgentCard; version?: string }[] = [];
  if (validators.AgentCard.check(structuredClone(value)) === undefined) readings.push({ card: structuredClone(value) as AgentCard });
  for (const version of spokenVersions(versions)) {
    if (version === OWN_VERSION) continue;
    const translated = fallbackTo(version).card(structuredClone(value));
    if (translated !== undefined && validators.AgentCard.check(translated) === undefined) readings.push({ card: translated as AgentCard, version });
  }
  return readings;
}

/**
 * The card to use: the first reading — or, when the caller wants it verified, the first reading
 * a trusted key signed in a form that covers what that reading uses: a card read in an older
 * version, in that version's form; one read in the client's own version, in its own form or in
 * an accepted older version's (a compat agent signs its v0.3 card in v0.3's form, which keeps
 * every field, v1.0's too).
 */
async function readCard(value: unknown, from: string, options: CardFetchOptions): Promise<AgentCard> {
  const readings = cardReadings(value, options.versions);
  if (readings.length === 0) return checkCard(value, from);
  const verification = options.verifyCard;
  if (!verification) return readings[0].card;
  const older = spokenVersions(options.versions).filter((v) => v !== OWN_VERSION);
  const keys = await keysOf(verification, options);
  let first: unknown;
  for (const reading of readings) {
    for (const version of reading.version === undefined ? [undefined, ...older] : [reading.version]) {
      try {
        await verifyServedCard(value as object, version, keys);
        return reading.card;
      } catch (err) {
        first ??= err;
      }
    }
  }
  throw first;
}

/** The card as served (`value`, in `version`) is signed with one of `keys`, or CardSignatureError. */
async function verifyServedCard(value: object, version: string | undefined, keys: Parameters<typeof verifyCardSignatures>[2]): Promise<void> {
  const form = version === undefined ? protocol.cardForm : protocol.compat?.find((c) => c.version === version)?.cardForm;
  if (!form) throw new CardSignatureError(`A2A v${version ?? protocol.version} cards carry no signatures to verify`, 'unsupported');
  await verifyCardSignatures(value, form, keys);
}

/** The keys the caller trusts: those it gave, and its JWK Set URL's (fetched once per discovery). */
function keysOf(verification: CardVerification, options: CardFetchOptions): ReturnType<typeof trustedKeys> {
  return trustedKeys(verification, async (url) => {
    const { status, value: set } = await fetchJson(url, { ...options, auth: [] });
    if (set === undefined) throw new CardSignatureError(`fetching the JWK Set at ${url}: HTTP ${status}`, 'no-keys');
    return set;
  });
}

/** The bindings this client speaks: JSON-RPC always, HTTP+JSON where the version defines it, gRPC in Node when generated with it. */
const spoken = (): string[] => [JSON_RPC, ...(protocol.rest ? [HTTP_JSON] : []), ...(speaksGrpc() ? [GRPC] : [])];

export interface ChosenInterface {
  url: string;
  binding: ClientBinding;
  tenant?: string;
  /** The interface's A2A version, when the card names one (v1.0 cards). */
  version?: string;
}

/**
 * The interface to call: the card's first (preferred, §5.6.3) among the bindings this client
 * speaks, or `binding`'s when the card lists it — in the first of `versions` (default: this
 * client's own) the card offers; an error naming the card when it lists none.
 */
export function chooseInterface(card: AgentCard, binding?: ClientBinding, versions?: readonly string[]): ChosenInterface {
  const accepted = spokenVersions(versions);
  const bindings = spoken();
  const all = cardInterfaces(card, protocol.negotiation ? accepted : undefined).filter((i) => bindings.includes(i.binding));
  for (const version of accepted) {
    // gRPC speaks the client's own version only: an older one is translated call by call over HTTP.
    const usable = all.filter((i) => (i.version === undefined || i.version === version) && (i.binding !== GRPC || version === OWN_VERSION));
    const chosen = usable.find((i) => i.binding === binding) ?? usable[0];
    if (!chosen) continue;
    const found: ChosenInterface = { url: chosen.url, binding: chosen.binding as ClientBinding };
    if (chosen.tenant) found.tenant = chosen.tenant;
    if (chosen.version !== undefined) found.version = chosen.version;
    return found;
  }
  const served = protocol.negotiation ? ` of A2A ${accepted.join(' or ')}` : '';
  throw new A2AResponseValidationError(
    `the agent card lists no ${bindings.join(' or ')} interface${served}; pass \`url\` to talk to an endpoint of your choice`,
    [],
    card,
  );
}

/** Fetches and validates the public card, trying the version's well-known paths in order. */
export async function discoverCard(base: string, options: CardFetchOptions = {}): Promise<{ card: AgentCard; url: string }> {
  const tried: string[] = [];
  for (const url of cardUrls(base)) {
    const { status, value, response } = await fetchJson(url, { ...options, auth: [] });
    if (status === 404) {
      tried.push(url);
      continue;
    }
    if (value === undefined)
      throw new A2AHttpError(status, `fetching the agent card at ${url}: HTTP ${status}`, response.headers.get('www-authenticate') ?? undefined, '');
    return { card: await readCard(value, url, options), url };
  }
  throw new A2AHttpError(404, `no agent card at ${tried.join(' or ')}`, undefined, '');
}

/**
 * The authenticated extended card of a version that serves it over HTTP (v0.2.x): GET
 * `{url}/../{path}`, then `{url}/{path}`, with the client's credentials, validated like the
 * public card.
 */
export async function fetchExtendedCard(endpoint: string, options: CardFetchOptions = {}): Promise<AgentCard> {
  const access = protocol.extendedCard;
  if (access.via !== 'http') throw new A2AHttpError(404, `A2A ${protocol.name} serves no extended card over HTTP`, undefined, '');
  const base = endpoint.replace(/\/*$/, '/');
  for (const candidate of [new URL(`../${access.path}`, base).href, new URL(access.path, base).href]) {
    const { status, value, response } = await fetchJson(candidate, options);
    if (status === 404) continue;
    if (value === undefined) throw new A2AHttpError(status, `extended card: HTTP ${status}`, response.headers.get('www-authenticate') ?? undefined, '');
    return checkCard(value, candidate);
  }
  throw new A2AHttpError(404, 'this agent serves no authenticated extended card', undefined, '');
}
