// Raw HTTP+JSON calls for runtime tests: a verb, a path under the binding's base, a JSON body.
import { sseEvents, type SseEvent } from './http.js';

export interface RestResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function rest(base: string, verb: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RestResponse> {
  const res = await fetch(base + path, {
    method: verb,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** A streaming route read to its end: the response and every SSE event. */
export async function restStream(
  base: string,
  verb: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ res: Response; events: SseEvent[] }> {
  const res = await fetch(base + path, {
    method: verb,
    headers: { accept: 'text/event-stream', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const events: SseEvent[] = [];
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) for await (const e of sseEvents(res)) events.push(e);
  return { res, events };
}
