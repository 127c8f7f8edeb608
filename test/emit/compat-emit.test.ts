// `compat: [0.3.0]` in the emitted project: the translation layer (templates/a2a/compat/ and the
// v0.3.0 proto-JSON codec) only for v1.0 agents that ask for it, listed in version-adapters.ts; the
// v0.3.0 interfaces on the card and in protocol.ts; a strict type-check, with and without
// PostgreSQL; and the manifest's located errors for a compat entry that cannot be served.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

const COMPAT = readFileSync(join(__dirname, '..', 'fixtures', 'agents', 'compat-v1.0.a2a.yaml'), 'utf8');
const PLAIN_V1 = COMPAT.replace('compat: [0.3.0]\n', '');

async function emit(manifest: string): Promise<{ dir: string; files: Map<string, string> }> {
  const dir = await tempDir('compat-emit-');
  await writeFile(join(dir, 'a2a.yaml'), manifest);
  const generated = await generate(await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir }));
  await writeFiles(dir, generated);
  return { dir, files: new Map(generated.map((f) => [f.path, f.content])) };
}

async function errorsOf(manifest: string): Promise<string> {
  const dir = await tempDir('compat-errors-');
  await writeFile(join(dir, 'a2a.yaml'), manifest);
  return loadInputs({ manifestPath: 'a2a.yaml', cwd: dir }).then(
    () => '',
    (err: Error) => err.message,
  );
}

describe('compat', () => {
  it('without it a v1.0 agent carries no translation code, and its version-adapters.ts lists none', async () => {
    const { files } = await emit(PLAIN_V1);
    expect([...files.keys()].filter((p) => p.includes('/compat/') || p.includes('/proto-v03/'))).toEqual([]);
    expect(files.get('src/a2a/version-adapters.ts')).toMatch(/export const versionAdapters: readonly VersionAdapter\[\] = \[\];/);
    expect(files.get('src/a2a/client-versions.ts')).toMatch(/export const clientVersions: readonly FallbackVersion\[\] = \[\];/);
    expect(files.get('src/a2a/protocol.ts')).not.toMatch(/compat:/);
  });

  it('with [0.3.0]: the adapter and what it needs, v0.3 in protocol.ts and on the card; strict tsc passes', async () => {
    const { dir, files } = await emit(COMPAT);
    const copied = [...files.keys()].filter((p) => p.includes('/compat/') || p.includes('/proto-v03/')).sort();
    expect(copied).toEqual(
      [
        'compat/compat-v03-adapter.ts',
        'compat/compat-v03-card.ts',
        'compat/compat-v03-client.ts',
        'compat/compat-v03-errors.ts',
        'compat/compat-v03-objects.ts',
        'compat/compat-v03.ts',
        'proto-v03/client-codec.ts',
        'proto-v03/grpc-codec.ts',
        'proto-v03/proto-json-v03-card.ts',
        'proto-v03/proto-json-v03-read.ts',
        'proto-v03/proto-json-v03-wire.ts',
        'proto-v03/proto-json-v03.ts',
        'proto-v03/server-codec.ts',
        'proto-v03/server-results.ts',
      ].map((f) => `src/a2a/${f}`),
    );
    expect(files.get('src/a2a/version-adapters.ts')).toMatch(/= \[compatV03Adapter\];/);
    expect(files.get('src/a2a/client-versions.ts')).toMatch(/= \[compatV03Client\];/);
    const protocol = files.get('src/a2a/protocol.ts')!;
    expect(protocol).toMatch(/compat: \[\n\s+\{\n\s+version: "0\.3",\n\s+fullVersion: "0\.3\.0",\n\s+pushContentType: "application\/json",\n\s+rest: \{/);
    expect(protocol).toMatch(/path: "\/v1\/message:send"/);
    const card = JSON.parse(files.get('src/a2a/agent-card.json')!);
    expect(card.supportedInterfaces.map((i: { protocolBinding: string; protocolVersion: string }) => `${i.protocolBinding} ${i.protocolVersion}`)).toEqual([
      'JSONRPC 1.0',
      'HTTP+JSON 1.0',
      'JSONRPC 0.3',
      'HTTP+JSON 0.3',
    ]);
    // The docs: v0.3.0's routes beside v1.0's, each with the A2A-Version that selects it; the older names of each method.
    const openapi = JSON.parse(files.get('src/a2a/docs/openapi.json')!);
    const v03Send = openapi.paths['/a2a/rest/v1/message:send'].post;
    expect(v03Send.summary).toBe('message/send over HTTP+JSON (A2A v0.3.0, translated)');
    expect(v03Send.parameters).toContainEqual(
      expect.objectContaining({ name: 'A2A-Version', in: 'header', required: false, schema: { type: 'string', enum: ['0.3'] } }),
    );
    expect(openapi.paths['/a2a/rest/message:send'].post.parameters).toContainEqual(expect.objectContaining({ name: 'A2A-Version', required: true }));
    expect(openapi.paths['/a2a'].post.description).toMatch(/Requests in A2A v0\.3\.0 \(`A2A-Version: 0\.3`, or no header\) are answered too.*message\/send/);
    expect(JSON.parse(files.get('src/a2a/docs/openrpc.json')!).info['x-a2a-older-versions'][0].methods.SendMessage).toBe('message/send');
    const api = files.get('src/a2a/docs/API.md')!;
    expect(api).toMatch(/\| Older clients \| A2A v0\\\.3\\\.0 too, through a translation/);
    expect(api).toMatch(/- Older name: `message\/send \(A2A v0\.3\.0\)`/);
    expect(api).toMatch(/`POST \/a2a\/rest\/v1\/message:send \(A2A v0\.3\.0\)`/);
    expect(files.get('src/a2a/docs/index.html')).toMatch(/<th>Older clients<\/th>/);
    const pg = await emit(COMPAT.replace('server:\n', 'server:\n  store: postgres\n'));
    expect([...pg.files.keys()]).toContain('src/a2a/postgres/postgres-push.ts');
    expect(await typecheck(dir, [dir, pg.dir])).toBe('');
  }, 120_000);

  it('an entry that cannot be served is an error at its line, saying what can', async () => {
    const onV03 = await errorsOf(COMPAT.replace("spec: '1.0'", 'spec: 0.3.0'));
    expect(onV03).toMatch(/a2a\.yaml:3:\d+: compat\[0\]: an agent on A2A 0\.3\.0 answers no other version; `compat` needs `spec: 1\.0`/s);
    const older = await errorsOf(COMPAT.replace('compat: [0.3.0]', 'compat: [0.2.5]'));
    expect(older).toMatch(/a2a\.yaml:3:\d+.*can answer 0\.3\.0 clients, not 0\.2\.5/s);
    const unknown = await errorsOf(COMPAT.replace('compat: [0.3.0]', 'compat: [0.3]'));
    expect(unknown).toMatch(/a2a\.yaml:3:\d+.*0\.3\.0/s);
    const twice = await errorsOf(COMPAT.replace('compat: [0.3.0]', 'compat: [0.3.0, 0.3.0]'));
    expect(twice).toMatch(/compat.*(unique|twice|duplicate)/is);
  });
});
