// A skill call whose task fails throws A2ATaskStateError whether the skill is typed or not: the
// untyped helper used to resolve to the failed Task while the typed one threw. An untyped call
// still resolves to a task waiting for input (it is continued with taskId); a typed one throws
// for it, having no output to give, with the task to continue.
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptHandler } from '../helpers/script-executor.js';
import { fixtureProject, startAgent, TOKEN } from '../helpers/server.js';

type Any = any;

describe.each([
  { fixture: 'compat-v1.0', failed: 'TASK_STATE_FAILED', rejected: 'TASK_STATE_REJECTED', inputRequired: 'TASK_STATE_INPUT_REQUIRED' },
  { fixture: 'full-v0.3.0', failed: 'failed', rejected: 'rejected', inputRequired: 'input-required' },
])('skill helpers on a task that does not complete, $fixture', ({ fixture, failed, rejected, inputRequired }) => {
  let lib: Any;
  let client: Any;

  beforeAll(async () => {
    const project = await fixtureProject(fixture);
    const errors = await project.load<Any>('a2a/errors.js');
    const agent = await startAgent(project, { skills: { script: scriptHandler(errors), add: () => Promise.reject(new Error('cannot add')) } });
    lib = await project.load<Any>('a2a/client/index.js');
    client = await lib.A2AClient.fromCardUrl(agent.origin, fixture === 'full-v0.3.0' ? { credentials: { bearer: TOKEN } } : {});
  });

  const error = (p: Promise<unknown>): Promise<Any> =>
    p.then(
      (value) => ({ resolved: value }),
      (e) => e,
    );

  it('an untyped skill whose task fails or is rejected throws A2ATaskStateError, with the task', async () => {
    const fail = await error(client.skills.script('fail'));
    expect(fail).toBeInstanceOf(lib.A2ATaskStateError);
    expect(fail).toMatchObject({ state: failed, task: { status: { state: failed } } });
    expect(fail.message).toMatch(new RegExp(`^skill "script" ended in state ${failed}`));
    expect(await error(client.skills.script('reject'))).toMatchObject({ name: 'A2ATaskStateError', state: rejected });
  });

  it('a typed skill whose task fails throws the same error', async () => {
    expect(await error(client.skills.add({ a: 1, b: 2 }))).toMatchObject({ name: 'A2ATaskStateError', state: failed });
  });

  it('an untyped skill waiting for input resolves to its task, to be continued', async () => {
    const task = await client.skills.script('ask');
    expect(task.status.state).toBe(inputRequired);
    const next = await client.skills.script('reply done', { taskId: task.id, contextId: task.contextId });
    expect(next).toBeDefined();
  });
});
