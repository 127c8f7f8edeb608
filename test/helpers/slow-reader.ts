// An SSE client that reads the start of a stream and then stops reading (node:http, so the
// socket really stops: the response's buffer fills, the client stops reading the socket, and TCP
// holds the server's writes back), as a slow or stalled client does; `resume()` reads the rest.
import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface SseBlock {
  event?: string;
  data: string;
}

export interface SlowReader {
  /** The stream's first event (its `data` text), read before the reader stopped. */
  first: string;
  /** Reads everything left until the server ends the stream; the events and the bytes of the whole stream. */
  resume(): Promise<{ events: SseBlock[]; bytes: number }>;
  destroy(): void;
}

/** POSTs `body` to `url` asking for SSE; reads until the first whole event has arrived, then stops reading. */
export function slowReader(url: string, body: string, headers: Record<string, string> = {}): Promise<SlowReader> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
        res.setEncoding('utf8');
        let text = '';
        const onData = (chunk: string): void => {
          text += chunk;
          const end = text.indexOf('\n\n');
          if (end < 0) return;
          res.pause();
          res.off('data', onData);
          resolve({ first: dataOf(text.slice(0, end)), resume: () => readRest(res, text), destroy: () => req.destroy() });
        };
        res.on('data', onData);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function readRest(res: IncomingMessage, start: string): Promise<{ events: SseBlock[]; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks = [start];
    res.on('data', (chunk: string) => chunks.push(chunk));
    res.on('end', () => {
      const text = chunks.join('');
      resolve({ events: blocksOf(text), bytes: Buffer.byteLength(text) });
    });
    res.on('error', reject);
    res.resume();
  });
}

function blocksOf(text: string): SseBlock[] {
  return text
    .split('\n\n')
    .filter((block) => block !== '' && !block.split('\n').every((line) => line.startsWith(':')))
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: dataOf(block) }));
}

const dataOf = (block: string): string =>
  block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
