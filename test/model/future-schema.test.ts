// A schema a2a-gen has never seen — v0.3.0 plus a new method, error, TaskState value and
// Message field — must still generate working, typed code.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/generated-file.js';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { ROOT, EXAMPLES_DIR } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

export async function futureSchema(): Promise<Record<string, unknown>> {
  const base = JSON.parse(await readFile(join(ROOT, 'schema/a2a/v0.3.0.json'), 'utf8'));
  const d = base.definitions;
  d.ListTasksParams = {
    type: 'object',
    description: 'Filters for tasks/list.',
    properties: { contextId: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
    required: ['limit'],
  };
  d.ListTasksRequest = {
    type: 'object',
    description: 'Lists the tasks of a context.',
    properties: {
      id: { type: ['string', 'integer'] },
      jsonrpc: { const: '2.0', type: 'string' },
      method: { const: 'tasks/list', type: 'string' },
      params: { $ref: '#/definitions/ListTasksParams' },
    },
    required: ['id', 'jsonrpc', 'method', 'params'],
  };
  d.ListTasksSuccessResponse = {
    type: 'object',
    properties: {
      id: { type: ['string', 'integer', 'null'] },
      jsonrpc: { const: '2.0', type: 'string' },
      result: { type: 'array', items: { $ref: '#/definitions/Task' } },
    },
    required: ['id', 'jsonrpc', 'result'],
  };
  d.ListTasksResponse = { anyOf: [{ $ref: '#/definitions/JSONRPCErrorResponse' }, { $ref: '#/definitions/ListTasksSuccessResponse' }] };
  d.TaskQuotaExceededError = {
    type: 'object',
    description: 'The agent has too many open tasks.',
    properties: { code: { const: -32042, type: 'integer' }, message: { default: 'Task quota exceeded', type: 'string' }, data: {} },
    required: ['code', 'message'],
  };
  d.TaskState.enum.push('paused');
  d.Message.properties.priority = { type: 'integer', description: 'Scheduling hint.' };
  return base;
}

describe('a schema from the future', () => {
  let files: GeneratedFile[];
  let dir: string;
  const file = (p: string): string => files.find((f) => f.path === p)!.content;

  beforeAll(async () => {
    dir = await tempDir('future-');
    await writeFile(join(dir, 'a2a-next.json'), JSON.stringify(await futureSchema()));
    const inputs = await loadInputs({ manifestPath: join(EXAMPLES_DIR, 'hello.a2a.yaml'), spec: join(dir, 'a2a-next.json'), cwd: dir });
    expect(inputs.protocol.methods.find((m) => m.name === 'tasks/list')).toMatchObject({
      role: 'custom',
      paramsType: 'ListTasksParams',
      resultType: 'ListTasksResult',
      streaming: false,
      clientName: 'listTasks',
    });
    expect(inputs.protocol.errors.find((e) => e.code === -32042)).toMatchObject({
      className: 'TaskQuotaExceededError',
      key: 'taskQuotaExceeded',
      defaultMessage: 'Task quota exceeded',
    });
    expect(inputs.protocol.features.taskStates).toContain('paused');
    files = await generate(inputs);
    await writeFiles(join(dir, 'project'), files);
  });

  it('types the new method, its params and result', () => {
    expect(file('src/a2a/methods.ts')).toMatch(/"tasks\/list": \{ params: ListTasksParams; result: ListTasksResult; streaming: false; role: "custom" \}/);
    expect(file('src/a2a/types.ts')).toMatch(/export interface ListTasksParams \{[^}]*limit: number/);
    expect(file('src/a2a/types.ts')).toMatch(/export type ListTasksResult = Task\[\]/);
  });

  it('validates the new params', () => {
    expect(file('src/a2a/validators/index.ts')).toMatch(/ListTasksParams: typed<ListTasksParams>/);
    expect(file('src/a2a/protocol.ts')).toMatch(
      /"tasks\/list": \{\n\s+role: "custom",\n\s+streaming: false,\n\s+paramsRequired: true,\n\s+params: validators\["ListTasksParams"\]/,
    );
  });

  it('has the new error, enum value and field', () => {
    expect(file('src/a2a/errors.ts')).toMatch(/export class TaskQuotaExceededError extends JsonRpcError \{\n\s+static readonly code = -32042;/);
    expect(file('src/a2a/types.ts')).toMatch(/export type TaskState = \([^)]*"paused"\)/);
    const message = /export interface Message \{[\s\S]*?\n\}/.exec(file('src/a2a/types.ts'))?.[0];
    expect(message).toMatch(/\/\*\*\n\s+\* Scheduling hint\.\n\s+\*\/\n\s+priority\?: number\n/);
  });

  it('type-checks under --strict', async () => {
    expect(await typecheck(dir, [join(dir, 'project')])).toBe('');
  });
});
