// An extension's `messageMetadata` / `artifactMetadata` JSON Schemas (issue 29, beyond the SDKs)
// take the skills' payload road: checked where the manifest gives them, typed in skill-types.ts
// (`ExtensionMetadata` / `ExtensionArtifactMetadata`: URI → type), compiled into
// `extensionValidators`, and left out of the card. The typed accessors compile against them under
// --strict, and refuse a URI or a value the maps do not allow.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { extensionBaseName } from '../../generator/model/extensions.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';
import { FIXTURES } from '../helpers/server.js';

const MANIFEST = readFileSync(join(FIXTURES, 'extension-metadata-v1.0.a2a.yaml'), 'utf8');
const GEO = 'https://example.com/extensions/geolocation/v1';
const CITE = 'https://example.com/extensions/citations/v1';

/** Uses of the typed accessors an author and a client would write; `@ts-expect-error` marks what must not compile. */
const TYPED_USES = `import { A2AClient, artifactExtensionMetadata, createMessage, messageExtensionMetadata, withExtensionMetadata } from './a2a/client/index.js';
import type { RequestContext } from './a2a/server/executor.js';

export function where(context: RequestContext): number | undefined {
  const at = context.extensionMetadata('${GEO}');
  // @ts-expect-error the citations extension gives no messageMetadata schema
  context.extensionMetadata('${CITE}');
  return at?.lat;
}

export async function ask(client: A2AClient): Promise<string[] | undefined> {
  const message = withExtensionMetadata(createMessage('user', 'where?'), '${GEO}', { lat: 1, lon: 2 });
  // @ts-expect-error lat is a number
  withExtensionMetadata(message, '${GEO}', { lat: 'north', lon: 2 });
  const lon: number | undefined = messageExtensionMetadata(message, '${GEO}')?.lon;
  void lon;
  const answer = await client.sendMessage({ message });
  const artifact = 'task' in answer && answer.task ? answer.task.artifacts?.[0] : undefined;
  return artifact ? artifactExtensionMetadata(artifact, '${CITE}')?.sources : undefined;
}
`;

describe('typed extension metadata, generated', () => {
  let dir: string;
  let files: GeneratedFile[];
  const file = (p: string): string => files.find((f) => f.path === p)!.content;

  beforeAll(async () => {
    dir = await tempDir('ext-meta-');
    await writeFile(join(dir, 'a2a.yaml'), MANIFEST);
    files = await generate(await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir }));
    await writeFiles(join(dir, 'project'), files);
    await writeFile(join(dir, 'project', 'src', 'typed-uses.ts'), TYPED_USES);
  });

  it('types each schema and maps the URIs to them', () => {
    const types = file('src/a2a/skill-types.ts');
    expect(types).toMatch(/export interface GeolocationV1MessageMetadata \{\n\s+lat: number\n\s+lon: number\n\}/);
    expect(types).toMatch(/export interface CitationsV1ArtifactMetadata \{\n\s+sources: string\[\]\n\}/);
    expect(types).toContain(`export interface ExtensionMetadata {\n  "${GEO}": GeolocationV1MessageMetadata;\n}`);
    expect(types).toContain(`export interface ExtensionArtifactMetadata {\n  "${CITE}": CitationsV1ArtifactMetadata;\n}`);
    expect(file('src/a2a/validators/index.ts')).toContain(`"${GEO}": { message: typed<GeolocationV1MessageMetadata>(`);
  });

  it('leaves the schemas out of the card', () => {
    const card = JSON.parse(file('src/a2a/agent-card.json'));
    expect(card.capabilities.extensions.map((e: Record<string, unknown>) => Object.keys(e))).toEqual([
      ['uri', 'description'],
      ['uri', 'description', 'params'],
    ]);
  });

  it('compiles under --strict, and refuses a URI or a value the maps do not allow', async () => {
    expect(await typecheck(dir, [join(dir, 'project')])).toBe('');
  }, 120_000);

  it('the docs page lists the extensions with their metadata schemas', () => {
    const api = file('src/a2a/docs/API.md');
    expect(api).toContain(`| Extensions | \`${GEO}\`; \`${CITE}\`; asked for in the \`A2A-Extensions\` header |`);
    expect(api).toMatch(/## Extension metadata[\s\S]*Message metadata of extension `https:\/\/example.com\/extensions\/geolocation\/v1`[\s\S]*"minimum": -90/);
    expect(api).toMatch(/Artifact metadata of extension `https:\/\/example.com\/extensions\/citations\/v1`[\s\S]*"sources"/);
    const page = file('src/a2a/docs/index.html');
    expect(page).toContain(`<tr><th>Extensions</th><td><div><code>${GEO}</code> Where the user is.<details><summary>Message metadata`);
    expect(page).toMatch(/Artifact metadata under this URI[\s\S]*&quot;sources&quot;/);
  });

  it('names a type after the last path segment of the URI (with the one before when that is a version)', () => {
    expect(extensionBaseName(GEO)).toBe('GeolocationV1');
    expect(extensionBaseName('https://example.com/ext/traceability')).toBe('Traceability');
    expect(extensionBaseName('urn:x-a2a:timestamps')).toBe('XA2aTimestamps');
    expect(extensionBaseName('https://ext.example.org/')).toBe('ExtExampleOrg');
  });

  it("reports a bad schema where the manifest gives it, as a skill's", async () => {
    const bad = MANIFEST.replace('lat: { type: number, minimum: -90, maximum: 90 }', "lat: { $ref: '#/$defs/Nowhere' }").replace(
      'artifactMetadata:\n          type: object\n          required: [sources]\n          properties:\n            sources: { type: array, items: { type: string, format: uri } }',
      'artifactMetadata: 42',
    );
    const badDir = await tempDir('ext-meta-bad-');
    await writeFile(join(badDir, 'a2a.yaml'), bad);
    const error = await loadInputs({ manifestPath: 'a2a.yaml', cwd: badDir }).catch((e: Error) => e);
    expect(String(error)).toContain('agent.capabilities.extensions[0].messageMetadata.properties.lat.$ref');
    expect(String(error)).toMatch(/dangling \$ref/);
    expect(String(error)).toContain("agent.capabilities.extensions[1].artifactMetadata: an extension's metadata schema must be a JSON Schema object");
    const twice = MANIFEST.replace(
      '  defaultInputModes:',
      "      - { uri: 'https://example.com/extensions/geolocation/v1', messageMetadata: { type: string } }\n  defaultInputModes:",
    );
    await writeFile(join(badDir, 'a2a.yaml'), twice);
    const clash = await loadInputs({ manifestPath: 'a2a.yaml', cwd: badDir }).catch((e: Error) => e);
    expect(String(clash)).toContain(
      'agent.capabilities.extensions[2].uri: extension "https://example.com/extensions/geolocation/v1" is declared with metadata schemas twice (also agent.capabilities.extensions[0])',
    );
  });
});
