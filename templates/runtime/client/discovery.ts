// Finding an agent: its card at the version's well-known path(s), validated against the
// generated AgentCard schema. The card's `url` is the JSON-RPC endpoint.
import { protocol } from '../protocol.js';
import type { AgentCard } from '../types.js';
import { validators } from '../validators/index.js';
import type { AuthHook } from './auth.js';
import { A2AHttpError, A2AResponseValidationError, A2ATransportError } from './client-errors.js';

export interface CardFetchOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Credentials (the extended card needs them; the public card does not). */
  auth?: readonly AuthHook[];
  /** Retries after network errors and 502/503/504. Default 2. */
  retries?: number;
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
  const request = { url: new URL(url), headers: new Headers({ accept: 'application/json' }) };
  for (const hook of options.auth ?? []) await hook(request);
  const retries = options.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
    const forward = (): void => controller.abort();
    options.signal?.addEventListener('abort', forward, { once: true });
    try {
      const response = await fetchImpl(request.url.href, { headers: request.headers, signal: controller.signal });
      if ([502, 503, 504].includes(response.status) && attempt < retries) {
        await response.body?.cancel();
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
        continue;
      }
      if (!response.ok) return { status: response.status, response };
      return { status: response.status, value: await response.json(), response };
    } catch (err) {
      if (options.signal?.aborted) throw new A2ATransportError(`fetching ${url}: aborted`, 'aborted', { cause: err });
      if (controller.signal.aborted) throw new A2ATransportError(`fetching ${url}: no answer within ${options.timeoutMs ?? 30_000} ms`, 'timeout');
      if (attempt >= retries) throw new A2ATransportError(`fetching ${url}: ${(err as Error).message}`, 'network', { cause: err });
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forward);
    }
  }
}

export function checkCard(value: unknown, from: string): AgentCard {
  const issues = validators.AgentCard.check(value);
  if (issues) throw new A2AResponseValidationError(`the agent card at ${from} does not match the A2A v${protocol.version} AgentCard schema`, issues, value);
  return value as AgentCard;
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
    if (value === undefined) throw new A2AHttpError(status, `fetching the agent card at ${url}: HTTP ${status}`, response.headers.get('www-authenticate') ?? undefined, '');
    return { card: checkCard(value, url), url };
  }
  throw new A2AHttpError(404, `no agent card at ${tried.join(' or ')}`, undefined, '');
}
