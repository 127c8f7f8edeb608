// A published v1 a2a.json as `--spec` or `spec:` generates the v1.0 agent the proto does: the same
// files but where the JSON says less, compiling under --strict and answering on loopback. One with
// a request/response pair and an enum value the text does not know still generates typed code.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { A2A_JSON_FIXTURES, a2aJsonPath, bundledProtoText } from '../helpers/a2a-json.js';
import { agentProject } from '../helpers/agent-project.js';
import { publishedA2aJson } from '../helpers/bufbuild-jsonschema.js';
import { ROOT } from '../helpers/examples.js';
import { rpc } from '../helpers/http.js';
import { rest } from '../helpers/rest.js';
import { FIXTURES, startAgent } from '../helpers/server.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

const V1 = { 'a2a-version': '1.0' };

/**
 * A project with its spec's name put aside: neither file is a bundled version, so each is named by
 * what is known of it ("unreleased", its package, its file name: ProtocolModel.name), which differs
 * from file to file — in the headers and protocol.ts — while everything else must not.
 */
const unnamed = (files: GeneratedFile[]): GeneratedFile[] =>
  files.map((f) => ({
    ...f,
    // The name as written, or escaped for Markdown: `unreleased lf\.a2a\.v1 \(a2a\.json\)`.
    content: f.content.replace(/^.*a2a-gen .*\n.*a2a-gen:sha256 .*\n/, '').replace(/unreleased (?:[^\s(]+ )?\\?\([^)]*?\\?\)/g, '<the spec>'),
  }));
const MANIFEST = join(FIXTURES, 'full-v1.0.a2a.yaml');
const [v100, v101, v101Bundle] = A2A_JSON_FIXTURES;

describe('an agent generated from a published v1 a2a.json', () => {
  let dir: string;
  const projects = new Map<string, GeneratedFile[]>();
  const fromSpec = async (spec: string) => {
    const inputs = await loadInputs({ manifestPath: MANIFEST, spec, cwd: dir });
    return unnamed(await generate(inputs));
  };

  beforeAll(async () => {
    dir = await tempDir('v1-json-');
    for (const fixture of A2A_JSON_FIXTURES) projects.set(fixture.file, await fromSpec(a2aJsonPath(fixture)));
    // The proto as a file, as the a2a.json is: neither is a bundled version, so both are "unknown" v1.x.
    projects.set('proto', await fromSpec(join(ROOT, 'schema', 'proto', 'v1.0.1.proto')));
  });

  it('is the same project from either published shape', () => {
    expect(projects.get(v101Bundle.file)).toEqual(projects.get(v101.file));
  });

  it("has the proto's files, differing only in those showing what the a2a.json cannot say (descriptions, the order of fields)", () => {
    const proto = new Map(projects.get('proto')!.map((f) => [f.path, f]));
    const json = projects.get(v101.file)!;
    expect(json.map((f) => [f.path, f.owner])).toEqual([...proto.values()].map((f) => [f.path, f.owner]));
    const differing = json.filter((f) => f.content !== proto.get(f.path)!.content).map((f) => f.path);
    expect(differing.sort()).toEqual([
      'src/a2a/client/index.ts', // method descriptions (§3.1's, not the rpc comments)
      'src/a2a/docs/API.md', // descriptions, field order
      'src/a2a/docs/index.html',
      'src/a2a/docs/openapi.json',
      'src/a2a/docs/openrpc.json',
      'src/a2a/methods.ts', // method descriptions
      'src/a2a/protocol.ts', // the order of query fields (the order of fields)
      'src/a2a/types.ts', // field order, enum value comments, @deprecated
      'src/a2a/validators/compiled.ts', // the order of fields
    ]);
  });

  it('is read from an http(s) URL as from a file, with or without a .json name', async () => {
    const text = readFileSync(a2aJsonPath(v101Bundle), 'utf8');
    const fetch = (async () => new Response(text, { headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
    for (const [url, file] of [
      ['https://a2a-protocol.org/v1.0.1/spec/a2a.json', 'a2a.json'],
      ['https://example.com/spec?version=1.0.1', 'spec'],
    ]) {
      const inputs = await loadInputs({ manifestPath: MANIFEST, spec: url, cwd: dir, fetch });
      expect(inputs.protocol.origin).toBe(url);
      expect(inputs.protocol.name).toBe(`unreleased (${file})`); // the bundle's file names, which say the package, are gone
      expect(unnamed(await generate(inputs))).toEqual(projects.get(v101Bundle.file));
    }
  });

  it('type-checks under --strict (v1.0.0 and v1.0.1)', async () => {
    const roots = [v100, v101].map((f) => join(dir, f.file));
    for (const [i, f] of [v100, v101].entries()) await writeFiles(roots[i], projects.get(f.file)!);
    expect(await typecheck(dir, roots)).toBe('');
  });
});

describe.each([
  // `spec:` in the manifest, and `--spec` over the manifest's `spec: '1.0'`.
  { fixture: v101, how: 'manifest' },
  { fixture: v101Bundle, how: 'override' },
])('the agent from $fixture.file (spec given by $how) on loopback', ({ fixture, how }) => {
  let url: string;
  let origin: string;

  beforeAll(async () => {
    const text = readFileSync(MANIFEST, 'utf8');
    const manifest = how === 'manifest' ? text.replace(/^spec: .*$/m, `spec: ${JSON.stringify(a2aJsonPath(fixture))}`) : text;
    const agent = await startAgent(await agentProject(`v1-json-${fixture.shape}`, manifest, how === 'override' ? a2aJsonPath(fixture) : undefined));
    [url, origin] = [agent.url, agent.origin];
  });

  it('answers SendMessage, GetTask and ListTasks over JSON-RPC, and GetTask over HTTP+JSON', async () => {
    const sent = await rpc(url, 'SendMessage', { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'task' }] } }, V1);
    const task = sent.body.result.task;
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect((await rpc(url, 'GetTask', { id: task.id }, V1)).body.result).toMatchObject({ id: task.id, contextId: task.contextId });
    const listed = (await rpc(url, 'ListTasks', { contextId: task.contextId }, V1)).body.result;
    expect(listed.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
    const viaRest = await rest(`${origin}/a2a/rest`, 'GET', `/tasks/${task.id}`, undefined, V1);
    expect([viaRest.status, viaRest.body.id]).toEqual([200, task.id]);
  });

  it('validates as the proto does: REQUIRED fields and the Part oneof come from the spec text', async () => {
    const noId = await rpc(url, 'GetTask', {}, V1);
    expect(noId.body.error.code).toBe(-32602);
    const twoContents = await rpc(
      url,
      'SendMessage',
      { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'a', url: 'https://x.example/' }] } },
      V1,
    );
    expect(twoContents.body.error.code).toBe(-32602);
  });
});

describe('an a2a.json from the future: a request/response pair and a TaskState value the text does not know', () => {
  let dir: string;
  let files: GeneratedFile[];
  const file = (p: string): string => files.find((f) => f.path === p)!.content;
  let specPath: string;

  beforeAll(async () => {
    dir = await tempDir('v1-json-future-');
    const proto = bundledProtoText('1.0.1')
      .replace('TASK_STATE_AUTH_REQUIRED = 8;', 'TASK_STATE_AUTH_REQUIRED = 8;\n  // The task was archived by its owner.\n  TASK_STATE_ARCHIVED = 9;')
      .concat(
        `
// Represents a request for the \`ArchiveTask\` method.
message ArchiveTaskRequest {
  // The task to archive.
  string id = 1;
  // Why it is archived.
  string reason = 2;
}

// The archived task.
message ArchiveTaskResponse {
  // The task, archived.
  Task task = 1;
}
`,
      );
    specPath = join(dir, 'a2a.json');
    writeFileSync(specPath, publishedA2aJson(proto, 'target-json'));
    const inputs = await loadInputs({ manifestPath: join(ROOT, 'examples', 'hello.a2a.yaml'), spec: specPath, cwd: dir });
    expect(inputs.protocol.methods.find((m) => m.name === 'ArchiveTask')).toMatchObject({
      role: 'custom',
      paramsType: 'ArchiveTaskRequest',
      resultType: 'ArchiveTaskResponse',
      streaming: false,
      clientName: 'archiveTask',
    });
    expect(inputs.protocol.features.taskStates).toContain('TASK_STATE_ARCHIVED');
    files = await generate(inputs);
    await writeFiles(join(dir, 'project'), files);
  });

  it('types the new method and the new enum value', () => {
    expect(file('src/a2a/methods.ts')).toMatch(
      /"ArchiveTask": \{ params: ArchiveTaskRequest; result: ArchiveTaskResponse; streaming: false; role: "custom" \}/,
    );
    expect(file('src/a2a/types.ts')).toMatch(/export interface ArchiveTaskResponse \{[\s\S]*?task\?: Task/);
    expect(file('src/a2a/types.ts')).toMatch(/"TASK_STATE_ARCHIVED"/);
    expect(file('src/a2a/client/index.ts')).toMatch(/archiveTask\(params\??: ArchiveTaskRequest, options\?: CallOptions\): Promise<ArchiveTaskResponse>/);
  });

  it('type-checks under --strict', async () => {
    expect(await typecheck(dir, [join(dir, 'project')])).toBe('');
  });

  it("routes the new method to the author's handler", async () => {
    const project = await agentProject('v1-json-future', readFileSync(join(ROOT, 'examples', 'hello.a2a.yaml'), 'utf8'), specPath);
    const { createA2AServer } = await project.load<any>('a2a/server/index.js');
    const server = createA2AServer({
      skills: { echo: (ctx: { text: string }) => ctx.text },
      methods: { ArchiveTask: (params: { id: string }) => ({ task: { id: params.id, status: { state: 'TASK_STATE_ARCHIVED' } } }) },
      logger: false,
    });
    try {
      const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
      const res = await rpc(url, 'ArchiveTask', { id: 't-1', reason: 'done' }, V1);
      expect(res.body.result).toEqual({ task: { id: 't-1', status: { state: 'TASK_STATE_ARCHIVED' } } });
    } finally {
      await server.close();
    }
  });
});
