// A proto a2a-gen has never seen — v1.0.1 plus a new rpc with its request message and HTTP
// rule, and a new TaskState value — must still generate typed code, and the server must route
// the new method to the author's handler (as an unknown v0.x method is).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { agentProject } from '../helpers/agent-project.js';
import { EXAMPLES_DIR, ROOT } from '../helpers/examples.js';
import { rpc } from '../helpers/http.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

/** v1.0.1's proto with `rpc ArchiveTask` and `TASK_STATE_ARCHIVED`. */
export async function futureProto(): Promise<string> {
  const text = await readFile(join(ROOT, 'schema/proto/v1.0.1.proto'), 'utf8');
  return text
    .replace(
      'service A2AService {',
      `service A2AService {
  // Archives a finished task: it leaves ListTasks but stays readable by id.
  rpc ArchiveTask(ArchiveTaskRequest) returns (Task) {
    option (google.api.http) = {
      post: "/tasks/{id=*}:archive"
      body: "*"
    };
  }
`,
    )
    .replace('TASK_STATE_AUTH_REQUIRED = 8;', 'TASK_STATE_AUTH_REQUIRED = 8;\n  // The task was archived by its owner.\n  TASK_STATE_ARCHIVED = 9;')
    .concat(
      `
// Represents a request for the \`ArchiveTask\` method.
message ArchiveTaskRequest {
  // The task to archive.
  string id = 1 [(google.api.field_behavior) = REQUIRED];
  // Why it is archived.
  string reason = 2;
}
`,
    );
}

describe('a proto from the future', () => {
  let files: GeneratedFile[];
  let dir: string;
  const file = (p: string): string => files.find((f) => f.path === p)!.content;

  beforeAll(async () => {
    dir = await tempDir('future-proto-');
    await writeFile(join(dir, 'a2a-next.proto'), await futureProto());
    const inputs = await loadInputs({ manifestPath: join(EXAMPLES_DIR, 'hello.a2a.yaml'), spec: join(dir, 'a2a-next.proto'), cwd: dir });
    expect(inputs.protocol.version).toBe('unknown');
    expect(inputs.protocol.methods.find((m) => m.name === 'ArchiveTask')).toMatchObject({
      role: 'custom',
      paramsType: 'ArchiveTaskRequest',
      resultType: 'Task',
      paramsRequired: true,
      streaming: false,
      clientName: 'archiveTask',
    });
    // An unknown proto is the newest of its kind: v1.0's facts (negotiation, typed error details) apply.
    expect(inputs.protocol.negotiation?.served).toEqual(['1.0']);
    expect(inputs.protocol.features.taskStates).toContain('TASK_STATE_ARCHIVED');
    files = await generate(inputs);
    await writeFiles(join(dir, 'project'), files);
  });

  it('types the new method and the new enum value', () => {
    expect(file('src/a2a/methods.ts')).toMatch(/"ArchiveTask": \{ params: ArchiveTaskRequest; result: Task; streaming: false; role: "custom" \}/);
    expect(file('src/a2a/types.ts')).toMatch(/export interface ArchiveTaskRequest \{[\s\S]*?id: string/);
    expect(file('src/a2a/types.ts')).toMatch(/"TASK_STATE_ARCHIVED"/);
    expect(file('src/a2a/client/index.ts')).toMatch(/archiveTask\(params: ArchiveTaskRequest, options\?: CallOptions\): Promise<Task>/);
  });

  it('type-checks under --strict', async () => {
    expect(await typecheck(dir, [join(dir, 'project')])).toBe('');
  });

  it('routes the new method to the handler the author gives, validated; without one it is UnsupportedOperation', async () => {
    const manifest = await readFile(join(EXAMPLES_DIR, 'hello.a2a.yaml'), 'utf8');
    const project = await agentProject('future-proto', manifest, join(dir, 'a2a-next.proto'));
    const { createA2AServer } = await project.load<any>('a2a/server/index.js');
    const seen: unknown[] = [];
    const started: { close(): Promise<void> }[] = [];
    const serve = async (methods: Record<string, unknown>) => {
      const server = createA2AServer({ skills: { echo: (ctx: { text: string }) => ctx.text }, methods, logger: false });
      started.push(server);
      return (await server.listen({ port: 0, host: '127.0.0.1' })).url as string;
    };
    try {
      const url = await serve({
        ArchiveTask: (params: { id: string }) => {
          seen.push(params);
          return { id: params.id, status: { state: 'TASK_STATE_ARCHIVED' } };
        },
      });
      const v1 = { 'a2a-version': '1.0' };
      const ok = await rpc(url, 'ArchiveTask', { id: 't-1', reason: 'done' }, v1);
      expect(ok.body.result).toEqual({ id: 't-1', status: { state: 'TASK_STATE_ARCHIVED' } });
      expect(seen).toEqual([{ id: 't-1', reason: 'done' }]);
      expect((await rpc(url, 'ArchiveTask', { reason: 'no id' }, v1)).body.error.code).toBe(-32602);
      const without = await serve({});
      expect((await rpc(without, 'ArchiveTask', { id: 't-1' }, v1)).body.error.code).toBe(-32004);
    } finally {
      for (const server of started) await server.close();
    }
  });
});
