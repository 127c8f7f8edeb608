// The default task store's bounds: finished tasks go oldest first past a count, a byte budget
// or an age; open tasks are never evicted — reserve() refuses new work instead.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject } from '../helpers/server.js';

let Store: any;
beforeAll(async () => {
  const project = await fixtureProject('full-v0.3.0');
  ({ InMemoryTaskStore: Store } = await project.load<any>('a2a/server/index.js'));
});

const task = (id: string, state: string) => ({ kind: 'task', id, contextId: 'c', status: { state } });

describe('InMemoryTaskStore', () => {
  it('evicts finished tasks oldest first past maxFinished, reporting each', () => {
    const evicted: string[] = [];
    const store = new Store({ maxFinished: 2, onEvict: (id: string) => evicted.push(id) });
    for (const id of ['a', 'b', 'c', 'd']) store.set(task(id, 'completed'));
    expect(evicted).toEqual(['a', 'b']);
    expect(store.get('a')).toBeUndefined();
    expect(store.get('d')).toBeDefined();
  });

  it('evicts finished tasks past maxBytes, never open ones; reserve() makes room or says no', () => {
    const store = new Store({ maxBytes: 1000 });
    store.set(task('open', 'working'), 400);
    store.set(task('done-1', 'completed'), 300);
    store.set(task('done-2', 'completed'), 300);
    expect(store.bytes).toBe(1000);
    expect(store.reserve(250)).toBe(true); // done-1 goes
    expect(store.get('done-1')).toBeUndefined();
    expect(store.reserve(900)).toBe(false); // the open task alone leaves too little
    expect(store.get('open')).toBeDefined();
    expect(store.get('done-2')).toBeUndefined();
    expect(store.bytes).toBe(400);
  });

  it('a task that grows is re-counted; a deleted one frees its bytes', () => {
    const store = new Store({ maxBytes: 10_000 });
    const t = task('t', 'working');
    store.set(t, 100);
    store.set(t, 250);
    expect(store.bytes).toBe(250);
    store.delete('t');
    expect(store.bytes).toBe(0);
  });

  it('forgets finished tasks after their time to live', () => {
    let now = 0;
    const store = new Store({ finishedTtlMs: 1000, now: () => now });
    store.set(task('x', 'completed'));
    now = 999;
    expect(store.get('x')).toBeDefined();
    now = 1001;
    expect(store.get('x')).toBeUndefined();
  });
});
