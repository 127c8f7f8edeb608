// v1.0 wraps what a send answers and what a stream carries in a oneof named by its member —
// `{ "task": … }`, `{ "message": … }`, `{ "statusUpdate": … }`, `{ "artifactUpdate": … }`
// (SendMessageResponse, StreamResponse; push payloads too, spec v1.0 §4.3.3). Before v1.0 the
// objects go bare, told apart by `kind`. The members come from the descriptor: with none,
// both functions return what they are given.
import { protocol } from '../protocol.js';
import { isArtifactUpdate, isMessage, isStatusUpdate, isTask } from './objects.js';
import type { Loose } from './shapes.js';

const members = protocol.features.resultMembers;

/** A Task, Message or update event as the wire carries it: wrapped in its member (v1.0), else as it is. */
export function wrapResult(value: unknown): unknown {
  if (!members) return value;
  if (isStatusUpdate(value)) return { [members.statusUpdate]: value };
  if (isArtifactUpdate(value)) return { [members.artifactUpdate]: value };
  if (isTask(value)) return { [members.task]: value };
  if (isMessage(value)) return { [members.message]: value };
  return value;
}

/** What a wrapped result holds (the client reads Task, Message and events alike in every version). */
export function unwrapResult(value: unknown): unknown {
  if (!members || value === null || typeof value !== 'object') return value;
  const v = value as Loose;
  for (const member of [members.task, members.message, members.statusUpdate, members.artifactUpdate]) if (v[member] !== undefined) return v[member];
  return value;
}
