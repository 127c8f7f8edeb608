// Followers on other replicas of runs in this process (TaskEventBus.onWatch): each stands in as a
// listener of the run it follows, so the work is not abandoned while someone elsewhere streams it.
import type { RunListener } from './run-listeners.js';
import type { TaskRun } from './task-run.js';

export class RemoteWatchers {
  private readonly watchers = new Map<string, { run: TaskRun; listener: RunListener }>();

  constructor(private readonly runOf: (taskId: string) => TaskRun | undefined) {}

  /** A follower elsewhere started (`watching`) or stopped following the task's run here. */
  watch(taskId: string, watcher: string, watching: boolean): void {
    for (const [key, w] of this.watchers) if (w.run.final) this.watchers.delete(key);
    if (!watching) {
      const w = this.watchers.get(watcher);
      this.watchers.delete(watcher);
      w?.run.removeListener(w.listener);
      return;
    }
    const run = this.runOf(taskId);
    if (!run || run.final || this.watchers.has(watcher)) return;
    const listener: RunListener = () => undefined;
    this.watchers.set(watcher, { run, listener });
    run.listen(listener);
  }
}
