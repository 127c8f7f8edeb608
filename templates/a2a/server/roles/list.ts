// ListTasks (spec v1.0 §3.1.4, §6.5): the params checked all at once (every bad field named,
// as the spec's validation example does), the store asked for one page, and each task shaped
// as asked — history cut to `historyLength`, artifacts only with `includeArtifacts`.
import { errorFor } from '../../errors.js';
import { fromShape, shapeOf, type Loose } from '../../runtime/shapes.js';
import type { Task } from '../../types.js';
import { checkHistoryLength } from '../spec/rules.js';
import { PageTokenError, type TaskPage, type TaskQuery } from '../stores/task-query.js';
import type { TaskStore } from '../stores/task-store.js';
import { snapshotOf } from '../tasks/snapshot.js';
import type { Role } from './role.js';

/** @see spec v1.0 ListTasksRequest.page_size: "If unspecified, at most 50 … minimum 1 … maximum 100". */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

interface Issue {
  path: string;
  message: string;
  keyword: string;
}

/** Every mistake in the params at once (-32602 listing each), before anything is looked up. */
export function checkListQuery(params: Loose): void {
  const issues: Issue[] = [];
  const pageSize = params.pageSize;
  if (pageSize !== undefined && (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE))
    issues.push({ path: '/pageSize', message: `must be between 1 and ${MAX_PAGE_SIZE} inclusive, got ${JSON.stringify(pageSize)}`, keyword: 'range' });
  try {
    checkHistoryLength(params.historyLength, '/historyLength');
  } catch {
    issues.push({ path: '/historyLength', message: `must be a non-negative integer, got ${JSON.stringify(params.historyLength)}`, keyword: 'minimum' });
  }
  const after = params.statusTimestampAfter;
  if (after !== undefined && (typeof after !== 'string' || Number.isNaN(Date.parse(after))))
    issues.push({ path: '/statusTimestampAfter', message: `must be an RFC 3339 timestamp, got ${JSON.stringify(after)}`, keyword: 'format' });
  if (issues.length === 0) return;
  const summary = issues.map((i) => `${i.path.slice(1)} ${i.message}`).join('; ');
  throw errorFor('invalidParams', `Invalid params: ${summary}`, { issues });
}

/** ListTasks: one page of the tasks the caller may see, shaped as the params ask. */
export const list: Role<'list'> = {
  check: checkListQuery,
  async run({ params, meta, config }) {
    const { manager } = config;
    return { kind: 'result', result: await listTasks(manager.store, params, manager.ownerOf(meta)) };
  },
};

async function listTasks(store: TaskStore, params: Loose, owner: string | undefined): Promise<unknown> {
  if (!store.list) throw errorFor('unsupportedOperation', 'this agent’s task store cannot list tasks');
  const pageSize = typeof params.pageSize === 'number' ? params.pageSize : DEFAULT_PAGE_SIZE;
  const after = typeof params.statusTimestampAfter === 'string' ? Date.parse(params.statusTimestampAfter) : undefined;
  const query: TaskQuery = {
    owner,
    contextId: typeof params.contextId === 'string' && params.contextId !== '' ? params.contextId : undefined,
    // TASK_STATE_UNSPECIFIED is ProtoJSON's "not set": no filter.
    state: typeof params.status === 'string' && !/UNSPECIFIED$/.test(params.status) ? params.status : undefined,
    statusTimestampAfter: after,
    pageSize,
    pageToken: typeof params.pageToken === 'string' && params.pageToken !== '' ? params.pageToken : undefined,
  };
  let page: TaskPage;
  try {
    page = await store.list(query);
  } catch (err) {
    if (err instanceof PageTokenError)
      throw errorFor('invalidParams', `Invalid params: pageToken ${err.message}`, {
        issues: [{ path: '/pageToken', message: err.message, keyword: 'pageToken' }],
      });
    throw err;
  }
  const historyLength = typeof params.historyLength === 'number' ? params.historyLength : undefined;
  const includeArtifacts = params.includeArtifacts === true;
  return {
    tasks: page.tasks.map((task) => withoutArtifacts(snapshotOf(task, historyLength), includeArtifacts)),
    nextPageToken: page.nextPageToken,
    pageSize,
    totalSize: page.totalSize,
  };
}

/** @see §3.1.4: without includeArtifacts "the artifacts field MUST be omitted entirely". */
function withoutArtifacts(task: Task, include: boolean): Task {
  const t = shapeOf(task);
  if (include || !('artifacts' in t)) return task;
  const { artifacts: _omitted, ...rest } = t;
  return fromShape<Task>(rest);
}
