// HTTP caching of the public Agent Card (spec v1.0 §8.6.1): an ETag and a Last-Modified on every
// card answer, 304 for a conditional GET whose copy is current, Cache-Control kept; the ETag
// changes exactly when the served bytes do — per version of the card, and when the card moves.
import { describe, expect, it } from 'vitest';
import { fixtureProject, startAgent } from '../helpers/server.js';

const CARD = '/.well-known/agent-card.json';

describe('the public card is cacheable', () => {
  it('ETag, Last-Modified and Cache-Control; If-None-Match and If-Modified-Since answered 304 without the card', async () => {
    const agent = await startAgent(await fixtureProject('full-v1.0'));
    const first = await fetch(agent.origin + CARD);
    const body = await first.text();
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(new Date(lastModified).getTime()).toBeLessThanOrEqual(Date.now());
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');

    const again = await fetch(agent.origin + CARD);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(body);

    const byTag = await fetch(agent.origin + CARD, { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect(byTag.headers.get('etag')).toBe(etag);
    expect((await fetch(agent.origin + CARD, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await fetch(agent.origin + CARD, { headers: { 'if-none-match': '*' } })).status).toBe(304);
    expect((await fetch(agent.origin + CARD, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);

    expect((await fetch(agent.origin + CARD, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const before = new Date(new Date(lastModified).getTime() - 1000).toUTCString();
    expect((await fetch(agent.origin + CARD, { headers: { 'if-modified-since': before } })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
    expect((await fetch(agent.origin + CARD, { headers: { 'if-none-match': '"stale"', 'if-modified-since': lastModified } })).status).toBe(200);
    expect((await fetch(agent.origin + CARD, { method: 'HEAD', headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('each version of the card has its own ETag (Vary: A2A-Version), each answered 304 for itself', async () => {
    const agent = await startAgent(await fixtureProject('compat-v1.0'));
    const v1 = await fetch(agent.origin + CARD, { headers: { 'a2a-version': '1.0' } });
    const v03 = await fetch(agent.origin + CARD);
    expect(v1.headers.get('vary')).toBe('a2a-version');
    const [tag1, tag03] = [v1.headers.get('etag')!, v03.headers.get('etag')!];
    expect(tag1).not.toBe(tag03);
    expect((await v1.json()).supportedInterfaces).toBeDefined();
    expect((await v03.json()).protocolVersion).toBe('0.3.0');
    expect((await fetch(agent.origin + CARD, { headers: { 'a2a-version': '1.0', 'if-none-match': tag1 } })).status).toBe(304);
    expect((await fetch(agent.origin + CARD, { headers: { 'a2a-version': '1.0', 'if-none-match': tag03 } })).status).toBe(200);
    expect((await fetch(agent.origin + CARD, { headers: { 'if-none-match': tag03 } })).status).toBe(304);
  });

  it('the ETag changes when the served card does (a new public URL), and only then', async () => {
    const project = await fixtureProject('full-v1.0');
    const a = await startAgent(project, { publicUrl: 'https://agents.example/a2a' });
    const b = await startAgent(project, { publicUrl: 'https://other.example/a2a' });
    const c = await startAgent(project, { publicUrl: 'https://agents.example/a2a' });
    const tag = async (agent: typeof a) => (await fetch(agent.origin + CARD)).headers.get('etag');
    expect(await tag(a)).not.toBe(await tag(b));
    expect(await tag(a)).toBe(await tag(c)); // another replica serving the same bytes: the same ETag
  });
});
