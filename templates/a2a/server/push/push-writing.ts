// How a notification is written: in the agent's own version, or — for a config a client of
// another version set (compat) — in that version, through its adapter.
import { protocol } from '../../protocol.js';
import { wrapResult } from '../../runtime/result-members.js';
import { versionAdapters } from '../../version-adapters.js';
import { PUSH_VERSION, type PushConfig } from './push-config.js';

/** How a notification is written for a config: the agent's own version, or the one the config was set in. */
export interface PushWriting {
  contentType: string;
  body(task: unknown): string;
}
const OWN_WRITING: PushWriting = {
  contentType: protocol.pushContentType,
  // v1.0 posts a StreamResponse (`{ "task": … }`, spec §4.3.3); before, the task itself.
  body: (task) => JSON.stringify(wrapResult(task)),
};
let writings: Map<string, PushWriting> | undefined;
/** Built on first use: the adapters import this module, so they are not there yet while it loads. */
export function writingOf(config: PushConfig): PushWriting {
  const version = config[PUSH_VERSION];
  if (version === undefined) return OWN_WRITING;
  writings ??= new Map(
    versionAdapters.flatMap((a) =>
      a.push ? [[a.version, { contentType: a.push.contentType, body: (task: unknown) => JSON.stringify(a.push!.body(task)) }]] : [],
    ),
  );
  return writings.get(version) ?? OWN_WRITING;
}
