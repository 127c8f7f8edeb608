// The generated documentation: openapi.json passes swagger-parser, openrpc.json passes the
// OpenRPC validator, for every example on every version its card fits; every method has an
// example pair, and the pairs pass the generated validators; hostile strings are inert.
import SwaggerParser from '@apidevtools/swagger-parser';
import { validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { agentProject } from '../helpers/agent-project.js';
import { EXAMPLES, exampleText, FITS, generateExample, ROOT } from '../helpers/examples.js';
import { rpc } from '../helpers/http.js';
import { FIXTURES, startAgent } from '../helpers/server.js';

type Any = any;
const combos = EXAMPLES.flatMap((example) => FITS[example].map((version) => ({ example, version, id: `${example}@${version}` })));
const docs = new Map<string, GeneratedFile[]>();
const file = (id: string, name: string): string => docs.get(id)!.find((f) => f.path === `src/a2a/docs/${name}`)!.content;
const json = (id: string, name: string): Any => JSON.parse(file(id, name));

beforeAll(async () => {
  for (const c of combos)
    docs.set(
      c.id,
      (await generateExample(c.example, c.version)).filter((f) => f.path.startsWith('src/a2a/docs/')),
    );
}, 300_000);

describe.each(combos)('docs for $id', ({ id }) => {
  it('openapi.json is a valid OpenAPI 3.1 document', async () => {
    const api = json(id, 'openapi.json');
    expect(api.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(api))).resolves.toBeTruthy();
  });

  it('openrpc.json is a valid OpenRPC document, with an example for every method', () => {
    const doc = json(id, 'openrpc.json');
    expect(validateOpenRPCDocument(doc)).toBe(true);
    for (const m of doc.methods) {
      expect(m.examples, m.name).toHaveLength(1);
      expect(m.errors.length, m.name).toBeGreaterThan(0);
    }
  });

  it('index.html and API.md list every method and skill', () => {
    const doc = json(id, 'openrpc.json');
    const html = file(id, 'index.html');
    const md = file(id, 'API.md');
    for (const m of doc.methods) {
      expect(html).toContain(`<code>${m.name}</code>`);
      expect(md).toContain(`\`${m.name}\``);
    }
    expect(html).not.toMatch(/<(link|img|iframe)[^>]+(src|href)="https?:/);
  });
});

describe('snapshots of the four docs files, for each example on its own spec version', () => {
  // The snapshots are the committed generated/<example>/src/a2a/docs/ files, readable in review.
  // `spec: '1.0'` names the newest bundled 1.0.x (Major.Minor, spec v1.0 §3.6).
  const specOf = (example: string): string => {
    const written = /^spec: '?([^'\s]+)'?$/m.exec(exampleText(example))![1];
    return FITS[example].filter((v) => v === written || v.startsWith(`${written}.`)).at(-1)!;
  };
  const own = EXAMPLES.map((example) => ({ example, version: specOf(example) }));
  it.each(own)('$example (v$version)', async ({ example, version }) => {
    for (const name of ['index.html', 'API.md', 'openapi.json', 'openrpc.json']) {
      await expect(file(`${example}@${version}`, name)).toMatchFileSnapshot(join(ROOT, 'generated', example, 'src/a2a/docs', name));
    }
  });
});

describe('examples against the generated validators', () => {
  it.each(['georoute', 'legacy-v0.1', 'currency', 'georoute-v1'])('%s: every request/result example passes the validators the server uses', async (example) => {
    const project = await agentProject(`docs-${example}`, exampleText(example));
    const { protocol } = await project.load<Any>('a2a/protocol.js');
    const doc = JSON.parse((await import('node:fs')).readFileSync(`${project.dir}/src/a2a/docs/openrpc.json`, 'utf8'));
    for (const m of doc.methods) {
      const [pair] = m.examples;
      const params = Object.fromEntries(pair.params.map((p: Any) => [p.name, p.value]));
      const descriptor = protocol.methods[m.name];
      if (descriptor.params) expect(descriptor.params.check(params), `${m.name} params`).toBeUndefined();
      expect(descriptor.result.check(pair.result.value), `${m.name} result`).toBeUndefined();
    }
  });
});

describe('hostile manifest strings in the docs', () => {
  const probe = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2"> & \`\`\` | **bold** ]] {{x}}`;
  let files: GeneratedFile[];

  beforeAll(async () => {
    // The probe is also the example prompt, so the message/send example's JSON carries it too.
    const manifest = exampleText('hello')
      .replace("description: Returns the user's text unchanged.", `description: ${JSON.stringify(probe)}`)
      .replace('name: Echo', `name: ${JSON.stringify('Echo "</title><script>')}`)
      .replace('examples: ["hello there"]', `examples: [${JSON.stringify(probe)}]`);
    const project = await agentProject('docs-hostile', manifest);
    const { readFileSync } = await import('node:fs');
    files = ['index.html', 'API.md'].map((n) => ({ path: n, owner: 'generator' as const, content: readFileSync(`${project.dir}/src/a2a/docs/${n}`, 'utf8') }));
  });

  it('HTML shows them as text', () => {
    const html = files[0].content;
    expect(html).not.toContain('<script>window.__xss');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=2&quot;&gt;');
    expect(html.match(/<script>/g)).toHaveLength(1); // only the page's own script
    expect(html.match(/<\/title>/g)).toHaveLength(1);
  });

  it('Markdown shows them as text (no raw HTML, no broken table or fence)', () => {
    const md = files[1].content;
    // Inside code blocks text is literal; the probe's ``` makes those fences four backticks long
    // (the message/send example's JSON holds it).
    // Code spans (the example prompt) are literal too.
    const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
    expect(md).toMatch(/^````json$/m);
    expect(prose).not.toContain('<script>window.__xss');
    expect(prose).not.toContain('<img');
    expect(md).toContain('&lt;script\\>window\\.\\_\\_xss=1&lt;/script\\>');
    expect(md).toContain('\\*\\*bold\\*\\*');
  });
});

describe('the generated server serves its docs when the manifest says so', () => {
  it('/docs, /openapi.json and /openrpc.json (public), none without server.docs', async () => {
    const manifest = exampleText('hello') + 'server:\n  docs: true\n';
    const on = await startAgent(await agentProject('docs-on', manifest), { skills: { echo: (c: Any) => c.text } });
    const page = await fetch(`${on.origin}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>Hello Agent · A2A API</title>');
    expect((await (await fetch(`${on.origin}/openapi.json`)).json()).openapi).toBe('3.1.0');
    expect((await (await fetch(`${on.origin}/openrpc.json`)).json()).openrpc).toMatch(/^1\./);
    expect((await rpc(on.url, 'tasks/get', { id: 'x' })).body.error.code).toBe(-32001);
    const off = await startAgent(await agentProject('docs-off', exampleText('hello')), { skills: { echo: (c: Any) => c.text } });
    expect((await fetch(`${off.origin}/docs`)).status).toBe(404);
  });

  it('served docs leave out the skills only the authenticated extended card lists; the files on disk have them', async () => {
    const manifest = readFileSync(join(FIXTURES, 'full-v0.3.0.a2a.yaml'), 'utf8').replace('server:\n', 'server:\n  docs: true\n');
    const project = await agentProject('docs-extended', manifest);
    const agent = await startAgent(project);
    for (const path of ['/docs', '/openapi.json', '/openrpc.json']) {
      const served = await (await fetch(`${agent.origin}${path}`)).text();
      expect(served, path).not.toContain('Only in the extended card.');
      expect(served, path).not.toContain('secret-skill');
    }
    expect(await (await fetch(`${agent.origin}/docs`)).text()).toContain('Adds two numbers.');
    expect(readFileSync(join(project.dir, 'src/a2a/docs/index.html'), 'utf8')).toContain('Only in the extended card.');
  });
});
