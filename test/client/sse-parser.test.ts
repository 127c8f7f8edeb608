// The client's SSE parser: a recorded stream split at every byte position — and fed one byte
// at a time — yields exactly the same events.
import { describe, expect, it } from 'vitest';
import { SseEventTooLarge, SseParser, type SseMessage } from '../../templates/a2a/client/sse-parser.js';

// BOM, CRLF, LF and lone CR line ends, a multi-line data field, comments, id:, retry:, event:,
// a field without a colon, an unknown field, multi-byte UTF-8 (é, 😀), and a trailing partial event.
const RECORDED =
  '\uFEFF: a comment to start\r\n' +
  'retry: 3000\r\n' +
  'id: 1\r\n' +
  'data: {"jsonrpc":"2.0","id":1,"result":{"kind":"task","text":"café 😀"}}\r\n\r\n' +
  ': keep-alive\n\n' +
  'event: error\n' +
  'data: first line\n' +
  'data:second line without space\n' +
  'data\n' +
  'unknown: field\n\n' +
  'id: 2\rdata: lone CR line ends\r\r' +
  'data:  two leading spaces keep one\n\n' +
  'data: not finished';

function parseChunks(chunks: Uint8Array[]): { events: SseMessage[]; retry?: number } {
  const events: SseMessage[] = [];
  const parser = new SseParser((m) => events.push(m));
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.push(decoder.decode(chunk, { stream: true }));
  parser.push(decoder.decode());
  parser.end();
  return { events, retry: parser.retry };
}

const bytes = new TextEncoder().encode(RECORDED);
const expected: SseMessage[] = [
  { event: 'message', data: '{"jsonrpc":"2.0","id":1,"result":{"kind":"task","text":"café 😀"}}', lastEventId: '1' },
  { event: 'error', data: 'first line\nsecond line without space\n', lastEventId: '1' },
  { event: 'message', data: 'lone CR line ends', lastEventId: '2' },
  { event: 'message', data: ' two leading spaces keep one', lastEventId: '2' },
];

describe('SSE parser', () => {
  it('parses the recorded stream in one piece', () => {
    expect(parseChunks([bytes])).toEqual({ events: expected, retry: 3000 });
  });

  it(`gives the same events when split at each of the ${bytes.length - 1} byte positions`, () => {
    for (let i = 1; i < bytes.length; i++) {
      const result = parseChunks([bytes.subarray(0, i), bytes.subarray(i)]);
      expect(result.events, `split at ${i}`).toEqual(expected);
      expect(result.retry).toBe(3000);
    }
  });

  it('gives the same events when split at every pair of positions and fed byte by byte', () => {
    expect(parseChunks([...bytes].map((b) => Uint8Array.of(b))).events).toEqual(expected);
    for (let i = 1; i < bytes.length; i += 7) {
      for (let j = i + 1; j < bytes.length; j += 5) {
        expect(parseChunks([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]).events, `split at ${i} and ${j}`).toEqual(expected);
      }
    }
  });

  it('an empty `data:` line dispatches an empty event; no data dispatches nothing', () => {
    const events: SseMessage[] = [];
    const parser = new SseParser((m) => events.push(m));
    parser.push('event: ping\n\ndata:\n\n');
    expect(events).toEqual([{ event: 'message', data: '', lastEventId: '' }]);
  });

  it('an event that grows past maxEventChars is refused, whether one endless line or many data lines', () => {
    const events: SseMessage[] = [];
    const endless = new SseParser((m) => events.push(m), 1000);
    endless.push('data: ' + 'x'.repeat(500));
    expect(() => endless.push('y'.repeat(600))).toThrow(SseEventTooLarge);
    const many = new SseParser((m) => events.push(m), 1000);
    expect(() => {
      for (let i = 0; i < 200; i++) many.push('data: 0123456789\n');
    }).toThrow(/longer than 1000 characters/);
    // Events under the limit pass, however many.
    const fine = new SseParser((m) => events.push(m), 1000);
    for (let i = 0; i < 100; i++) fine.push(`data: ${'z'.repeat(900)}\n\n`);
    expect(events).toHaveLength(100);
  });
});
