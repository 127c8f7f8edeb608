// Hostile strings in every manifest field that reaches output: the generated project must
// type-check, every string must come back exactly in the served agent card (and in the
// generated JSON docs), and the HTML and Markdown docs must show them as inert text.
// Magic and reserved skill ids must work end to end; ids that collide after mangling stop
// generation with an error naming the field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { startAgent, TOKEN } from '../helpers/server.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';

/** Every construct that has broken a code generator somewhere, in one string. */
const HOSTILE = [
  `'single' "double" \`back\` ‘curly’ “curly” «guillemets»`,
  '${process.exit(1)} `${globalThis.pwned = 1}` #{x} %s %n',
  '*/ /* // <!-- --> ]]>',
  '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">',
  '{{constructor}} {{{raw}}} {{> partial}} {{#each x}}',
  'line\u2028separator\u2029paragraph',
  'nul\u0000byte',
  'rtl\u202Eoverride\u202C\u200F',
  'emoji 🧭🚀 👩‍👩‍👧 e\u0301',
  'back\\slash \\u0041 \\n \\',
  'new\nline\r\nCRLF\ttab',
  '| table | `code` **bold** [link](javascript:alert(1)) # heading',
].join(' ~ ');

const MEGABYTE_DESCRIPTION = (HOSTILE + '\n').repeat(Math.ceil((1024 * 1024) / HOSTILE.length)).slice(0, 1024 * 1024);

/** Ids are at most 200 characters; this one packs the constructs that matter in code. */
const HOSTILE_ID = 'hostile \'"`${x}` */ /* </script> {{x}} \u2028\u2029 \u202E 🧭 \\ \u0000 \n';

const MAGIC_IDS = ['constructor', '__proto__', 'then', 'toString', 'hasOwnProperty', 'default', 'class', 'await', 'prototype'];

const hostileSchema = (n: number) => ({
  title: `${HOSTILE} title ${n}`,
  description: `${HOSTILE} description ${n}`,
  type: 'object',
  required: [`${HOSTILE} key`],
  properties: {
    [`${HOSTILE} key`]: { type: 'string', description: HOSTILE, default: HOSTILE, examples: [HOSTILE] },
    __proto__: { type: 'string', enum: [HOSTILE, `${HOSTILE} 2`] },
    constructor: { type: 'string', const: HOSTILE },
    then: { type: 'number', description: '*/ then' },
  },
});

/** The manifest: every free-text field of the card and the skills carries HOSTILE. */
function hostileManifest() {
  const url = (path: string) => `https://example.com/${path}?q='"\`\${x}*/</script>{{x}}`;
  // JSON.parse, not a literal: a `__proto__` key in an object literal would set the prototype.
  const skills = JSON.parse(
    JSON.stringify([
      {
        id: HOSTILE_ID,
        name: HOSTILE,
        description: HOSTILE,
        tags: [HOSTILE, `${HOSTILE} 2`],
        examples: [HOSTILE, `${HOSTILE} example 2`],
        inputModes: ['application/json', 'text/plain'],
        outputModes: ['application/json'],
      },
      ...MAGIC_IDS.map((id, i) => ({ id, name: `${HOSTILE} ${id}`, description: `${HOSTILE} ${i}`, tags: [id], examples: [`${HOSTILE} ${id}`] })),
    ]),
  );
  skills[0].input = hostileSchema(1);
  skills[0].output = hostileSchema(2);
  return {
    spec: '0.3.0',
    agent: {
      name: HOSTILE,
      description: MEGABYTE_DESCRIPTION,
      version: HOSTILE,
      url: 'http://127.0.0.1:41999/a2a',
      provider: { organization: HOSTILE, url: url('provider') },
      iconUrl: url('icon.png'),
      documentationUrl: url('docs'),
      capabilities: {
        streaming: true,
        pushNotifications: true,
        extensions: [
          {
            uri: url('ext'),
            description: HOSTILE,
            required: false,
            params: JSON.parse(JSON.stringify({ [HOSTILE]: HOSTILE, __proto__: { polluted: HOSTILE }, constructor: { prototype: { polluted: true } } })),
          },
        ],
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: HOSTILE, description: HOSTILE },
        oauth: {
          type: 'oauth2',
          description: HOSTILE,
          flows: { clientCredentials: { tokenUrl: url('token'), scopes: { [HOSTILE]: HOSTILE, 'read:all': `${HOSTILE} scope` } } },
        },
      },
      security: [{ bearer: [] }, { oauth: [HOSTILE] }],
      defaultInputModes: ['text/plain', 'application/json'],
      defaultOutputModes: ['text/plain', 'application/json'],
      supportsAuthenticatedExtendedCard: true,
    },
    skills,
    server: { docs: true },
  };
}

/** Every string leaf of a JSON value with its path. */
function leaves(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (value === null || typeof value !== 'object') return [{ path, value }];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
}
const at = (value: unknown, path: string[]): unknown =>
  path.reduce<any>((v, k) => (v != null && Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined), value);

describe('hostile strings in every manifest field', () => {
  const manifest = hostileManifest();
  let project: AgentProject;

  beforeAll(async () => {
    project = await agentProject('hostile-manifest', JSON.stringify(manifest, null, 2));
  }, 120_000);

  it('the whole project, scaffolds included, type-checks under --strict', async () => {
    expect(await typecheck(project.dir, [project.dir])).toBe('');
  }, 120_000);

  it('every string comes back exactly in the served card, the generated card file and the OpenAPI/OpenRPC docs', async () => {
    const handlers = Object.fromEntries(manifest.skills.map((s: { id: string }) => [s.id, () => `handled by ${s.id}`]));
    const agent = await startAgent(project, { skills: handlers, defaultSkill: undefined });
    const served = await (await fetch(new URL('/.well-known/agent-card.json', agent.url))).json();
    const file = JSON.parse(readFileSync(join(project.dir, 'src/a2a/agent-card.json'), 'utf8'));
    const openapi = readFileSync(join(project.dir, 'src/a2a/docs/openapi.json'), 'utf8');
    for (const { path, value } of leaves(manifest.agent)) {
      if (path[0] === 'url') continue; // follows the port listened on
      expect(at(served, path), path.join('.')).toEqual(value);
      expect(at(file, path), path.join('.')).toEqual(value);
    }
    for (const [i, skill] of manifest.skills.entries()) {
      const { input: _i, output: _o, ...cardFields } = skill;
      expect(served.skills[i]).toEqual(cardFields);
    }
    expect(openapi).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('a skill with a magic or reserved id is reached by its id, on the server and through the client', async () => {
    const handlers = Object.fromEntries(manifest.skills.map((s: { id: string }) => [s.id, () => `handled by ${s.id}`]));
    const agent = await startAgent(project, { skills: handlers });
    const { A2AClient, bearer } = await project.load<any>('a2a/client/index.js');
    const client = new A2AClient({ url: agent.url, auth: bearer(TOKEN) });
    for (const id of MAGIC_IDS) {
      const reply = await client.sendMessage({
        message: { kind: 'message', messageId: `m-${id}`, role: 'user', parts: [{ kind: 'text', text: 'hi' }], metadata: { skillId: id } },
      });
      expect(reply.parts?.[0]?.text ?? reply.status?.message?.parts?.[0]?.text, id).toBe(`handled by ${id}`);
    }
    // The scaffolded wiring (src/a2a/skills.ts) holds every id as an own key, `__proto__` too.
    const { skills: wired } = await project.load<any>('a2a/skills.js');
    expect(Object.keys(wired).sort()).toEqual(manifest.skills.map((s: { id: string }) => s.id).sort());
    expect(Object.getPrototypeOf(wired)).toBe(Object.prototype);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    expect(typeof client.skills.thenSkill).toBe('function');
    expect(Object.getPrototypeOf(client.skills)).toBe(Object.prototype);
    const viaHelper = await client.skills.constructorSkill('hi');
    expect(viaHelper.parts?.[0]?.text ?? viaHelper.status?.message?.parts?.[0]?.text).toBe('handled by constructor');
  });

  it('the HTML docs show every string as text and run no injected script', async () => {
    const browser = await launchChromium();
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.route(/^(?!file:)/, (route) => route.abort());
    await page.goto(pathToFileURL(join(project.dir, 'src/a2a/docs/index.html')).href);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const text = await page.evaluate(() => document.body.innerText + document.title);
    // Invisible controls and bidi overrides are shown as escapes (Trojan Source); the rest as is.
    for (const needle of [
      '</script><script>window.__pwned = 1</script>',
      '{{constructor}} {{{raw}}}',
      '${process.exit(1)}',
      '*/ /*',
      'rtl\\u202eoverride',
      'nul\\u0000byte',
      '👩‍👩‍👧',
    ]) {
      expect(text.includes(needle), needle).toBe(true);
    }
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('img').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it.each(['src/a2a/docs/API.md', 'README.md'])('the Markdown of %s carries no raw HTML outside code blocks', (file) => {
    const md = readFileSync(join(project.dir, file), 'utf8');
    // Code blocks and code spans show their text literally; what remains must hold no HTML.
    const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
    const raw = /<script|<img|<\/script/i.exec(prose);
    expect(raw && prose.slice(Math.max(0, raw.index - 80), raw.index + 80)).toBeNull();
    expect(prose.includes('&lt;/script\\>')).toBe(true);
  });
});

describe('manifest strings that cannot be generated', () => {
  it.each([
    [
      'ids that collide after mangling',
      {
        skills: [
          { id: 'route-optimizer', name: 'A' },
          { id: 'route_optimizer', name: 'B' },
        ],
      },
      /skills\[1\]\.id.*collides with skills\[0\]\.id/,
    ],
    ['an id with no letters or digits', { skills: [{ id: '${}*/', name: 'A' }] }, /skills\[0\]\.id.*no letters or digits/],
    [
      'a lone surrogate, which no UTF-8 file can hold',
      { skills: [{ id: 'a', name: 'A', tags: ['ok', 'bad \uD800'] }] },
      /skills\[0\]\.tags\[1\].*unpaired UTF-16 surrogate/,
    ],
  ])('%s: one error naming the field, exit 1, nothing written', async (_name, extra, message) => {
    const dir = await tempDir('hostile-');
    const { writeFile, readdir } = await import('node:fs/promises');
    await writeFile(join(dir, 'a2a.json'), JSON.stringify({ spec: '0.3.0', agent: { name: 'A', url: 'http://127.0.0.1:4000/' }, ...extra }));
    const result = await runCli(['generate', '--manifest', 'a2a.json'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(await readdir(dir)).toEqual(['a2a.json']);
  });
});
