// Raw HTTP helpers for runtime tests: JSON-RPC calls and SSE streams read to the end.
import { randomUUID } from 'node:crypto';

/** A user text message of A2A v0.2+ (`kind` discriminators, a fresh messageId). */
export const textMessage = (text: string, extra: Record<string, unknown> = {}) => ({
  kind: 'message',
  messageId: randomUUID(),
  role: 'user',
  parts: [{ kind: 'text', text }],
  ...extra,
});

export interface RpcResponse {
  status: number;
  headers: Headers;
  body: any;
}

let nextId = 1;

export async function rpc(url: string, method: string, params?: unknown, headers: Record<string, string> = {}): Promise<RpcResponse> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) });
  return post(url, body, headers);
}

export async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<RpcResponse> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const text = await res.text();
  let parsed: RpcResponse['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export interface SseEvent {
  event?: string;
  data: any;
}

/** Opens a streaming call; `events()` yields parsed SSE events until the server closes. */
export async function openStream(url: string, method: string, params: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  const id = nextId++;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    signal,
  });
  return { id, res, events: () => sseEvents(res) };
}

/** The parsed SSE events of a response, until the server closes it (keep-alive comments skipped). */
export async function* sseEvents(res: Response): AsyncGenerator<SseEvent> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith(':'))) continue;
        const event = lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim();
        const data = lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n');
        yield { event, data: JSON.parse(data) };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export async function streamAll(
  url: string,
  method: string,
  params: unknown,
  headers: Record<string, string> = {},
): Promise<{ res: Response; events: SseEvent[] }> {
  const stream = await openStream(url, method, params, headers);
  const events: SseEvent[] = [];
  for await (const e of stream.events()) events.push(e);
  return { res: stream.res, events };
}
