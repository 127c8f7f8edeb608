// The part builders the server exports (issue 28: `filePart` was the client's only, in v0.3's
// words): each writes a part as the agent's version does, and a file part takes either version's
// field names — v1.0's `raw`/`url`, `filename`, `mediaType`, or v0.x's `bytes`/`uri`, `name`, `mimeType`.
import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../helpers/server.js';

describe('server part builders', () => {
  it('v1.0: parts as v1.0 writes them, from either spelling of a file', async () => {
    const server = await (await fixtureProject('full-v1.0')).load<any>('a2a/server/index.js');
    const v1 = { raw: 'aGk=', filename: 'a.txt', mediaType: 'text/plain' };
    expect(server.filePart({ raw: 'aGk=', filename: 'a.txt', mediaType: 'text/plain' })).toEqual(v1);
    expect(server.filePart({ bytes: 'aGk=', name: 'a.txt', mimeType: 'text/plain' })).toEqual(v1);
    expect(server.filePart({ url: 'https://files.example/a' })).toEqual({ url: 'https://files.example/a' });
    expect(server.textPart('hi')).toEqual({ text: 'hi' });
    expect(server.dataPart({ n: 1 })).toEqual({ data: { n: 1 } });
  });

  it('v0.3: parts as v0.3 writes them, from either spelling of a file', async () => {
    const server = await (await fixtureProject('full-v0.3.0')).load<any>('a2a/server/index.js');
    const v03 = { kind: 'file', file: { bytes: 'aGk=', name: 'a.txt', mimeType: 'text/plain' } };
    expect(server.filePart({ raw: 'aGk=', filename: 'a.txt', mediaType: 'text/plain' })).toEqual(v03);
    expect(server.filePart({ bytes: 'aGk=', name: 'a.txt', mimeType: 'text/plain' })).toEqual(v03);
    expect(server.textPart('hi')).toEqual({ kind: 'text', text: 'hi' });
  });
});
