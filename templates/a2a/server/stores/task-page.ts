// ListTasks over tasks held in memory: one pass that filters and keeps the best pageSize + 1 in
// a bounded heap. Cost: O(n log k) for n tasks held and k = pageSize + 1 ≤ 101, O(k) memory and
// no object per task but those entering the heap — no array of all matches to sort (O(n log n)
// and an n-sized array on every page), no index kept in order (a cost on every save of every
// task, the hot path, for a method called far less often). Measured on 100,000 tasks held:
// see the store's list().
import { visibleTo } from '../tasks/task-owner.js';
import { before, decodePageToken, encodePageToken, matches, precedes, type Position, type TaskPage, type TaskQuery } from './task-query.js';
import type { Task } from '../../types.js';

/** Calls `visit` for every task to consider, with its status time (task-query.ts's statusTimeOf, which the store may cache). */
export type TaskSource = (visit: (task: Task, time: number) => void) => void;

interface Candidate extends Position {
  task: Task;
}

/** One page of the source's tasks (any order) for the query. Throws PageTokenError for a token that is not one. */
export function pageOf(source: TaskSource, query: TaskQuery): TaskPage {
  const after = query.pageToken ? decodePageToken(query, query.pageToken) : undefined;
  const keep = query.pageSize + 1; // one more than a page: whether another page follows
  // A min-heap in listing order: heap[0] is the candidate that comes last, the first to drop.
  const heap: Candidate[] = [];
  let totalSize = 0;
  source((task, time) => {
    if (!visibleTo(task, query.owner) || !matches(task, time, query)) return;
    totalSize++;
    if (after && !precedes(after.time, after.id, time, task.id)) return; // on an earlier page
    if (heap.length < keep) push(heap, { time, id: task.id, task });
    else if (precedes(time, task.id, heap[0].time, heap[0].id)) replaceTop(heap, { time, id: task.id, task });
  });
  heap.sort((a, b) => (before(a, b) ? -1 : 1));
  const more = heap.length > query.pageSize;
  if (more) heap.length = query.pageSize;
  return {
    tasks: heap.map((c) => c.task),
    nextPageToken: more ? encodePageToken(query, heap[heap.length - 1]) : '',
    totalSize,
  };
}

/** `a` sits above `b` in the heap: it comes later in the listing. */
const later = (a: Position, b: Position): boolean => before(b, a);

function push(heap: Candidate[], item: Candidate): void {
  let i = heap.push(item) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!later(heap[i], heap[parent])) break;
    [heap[i], heap[parent]] = [heap[parent], heap[i]];
    i = parent;
  }
}

function replaceTop(heap: Candidate[], item: Candidate): void {
  heap[0] = item;
  for (let i = 0; ;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let top = i;
    if (left < heap.length && later(heap[left], heap[top])) top = left;
    if (right < heap.length && later(heap[right], heap[top])) top = right;
    if (top === i) return;
    [heap[i], heap[top]] = [heap[top], heap[i]];
    i = top;
  }
}
