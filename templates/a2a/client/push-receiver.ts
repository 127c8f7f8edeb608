// A webhook's side of push notifications: is this request from the agent, for a task I asked
// about, and new? An a2a-gen feature a receiver may use or ignore — the A2A spec asks receivers
// to verify where a notification comes from (v1.0 §4.3) but defines no signature. A notification
// from an agent generated with `server.cardSigning` carries a detached JWS of its exact body in
// `X-A2A-Notification-Signature` (server/signing/push-signature.ts); this checks the token the
// push config was set with, that signature against the agent's keys, its age, the task id, and
// replays (a `jti` seen before is refused as a duplicate, 409: not acted on twice; a receiver that
// prefers to answer a retry with 2xx can, since `duplicate` says it took the notification already).
import { base64urlFromBytes, base64urlFromText } from '../runtime/base64url.js';
import { isObject } from '../runtime/shapes.js';
import type { Task } from '../types.js';
import { jwsHeader, trustedKeys, verifyJws, type CardVerification, type KeyWithId } from './card-verify.js';

export const NOTIFICATION_SIGNATURE_HEADER = 'x-a2a-notification-signature';
export const NOTIFICATION_TOKEN_HEADER = 'x-a2a-notification-token';

export interface PushReceiverOptions extends CardVerification {
  /** The token the push config was set with: a notification that does not carry it is refused. */
  token?: string;
  /** The tasks this receiver expects notifications of; others are refused. Default: any. */
  taskIds?: ReadonlySet<string> | ((taskId: string) => boolean);
  /** Refuse notifications without a valid signature. Default: true when `keys` or `jwksUrl` is given. */
  requireSignature?: boolean;
  /** How old a signature may be, in seconds (its `iat`), and how long its `jti` is remembered. Default 300. */
  maxAgeSeconds?: number;
  /** For `jwksUrl`. Default: globalThis.fetch. */
  fetch?: typeof fetch;
}

/** A notification taken, or refused with the status to answer and why (`duplicate`: a replay of one taken before). */
export type PushVerdict =
  { ok: true; taskId: string; task?: Task; payload: unknown; signed: boolean } | { ok: false; status: 400 | 401 | 403 | 409; reason: string; duplicate?: true };

/** A request's headers: a Fetch `Headers`, or node:http's `req.headers`. */
export type ReceivedHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface PushReceiver {
  receive(request: { headers: ReceivedHeaders; body: string | Uint8Array }): Promise<PushVerdict>;
}

/** Most signatures remembered for replay detection; the oldest are forgotten first. */
const REMEMBERED = 10_000;

export function createPushReceiver(options: PushReceiverOptions = {}): PushReceiver {
  const maxAge = options.maxAgeSeconds ?? 300;
  const requireSignature = options.requireSignature ?? (options.keys !== undefined || options.jwksUrl !== undefined);
  const seen = new Map<string, number>();
  let keys: Promise<KeyWithId[]> | undefined;
  let fetchedAt = 0;
  const loadKeys = (refresh: boolean): Promise<KeyWithId[]> => {
    // A kid not in the set may be a rotated key: the set is fetched again, at most once a minute.
    if (!keys || (refresh && options.jwksUrl !== undefined && Date.now() - fetchedAt > 60_000)) {
      fetchedAt = Date.now();
      keys = trustedKeys(options, async (url) => (await (options.fetch ?? globalThis.fetch)(url, { headers: { accept: 'application/json' } })).json());
      keys.catch(() => (keys = undefined));
    }
    return keys;
  };
  const refuse = (status: 400 | 401 | 403, reason: string): PushVerdict => ({ ok: false, status, reason });

  return {
    async receive({ headers, body }) {
      const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
      if (options.token !== undefined && !sameText(headerOf(headers, NOTIFICATION_TOKEN_HEADER), options.token))
        return refuse(401, `${NOTIFICATION_TOKEN_HEADER} is missing or not the config's token`);
      const signature = headerOf(headers, NOTIFICATION_SIGNATURE_HEADER);
      let jti: string | undefined;
      if (signature !== undefined || requireSignature) {
        const [protectedHeader, detached, value] = (signature ?? '').split('.');
        if (signature === undefined) return refuse(401, `${NOTIFICATION_SIGNATURE_HEADER} is missing`);
        if (value === undefined || detached !== '') return refuse(401, `${NOTIFICATION_SIGNATURE_HEADER} is not a detached JWS`);
        const payload = typeof body === 'string' ? base64urlFromText(body) : base64urlFromBytes(body);
        let checked = await verifyJws(protectedHeader, payload, value, await loadKeys(false).catch(() => []));
        if (checked !== true && checked.reason === 'unknown-key')
          checked = await verifyJws(protectedHeader, payload, value, await loadKeys(true).catch(() => []));
        if (checked !== true) return refuse(401, `the signature does not verify: ${checked.message}`);
        const claims = jwsHeader(protectedHeader)!;
        const now = Date.now() / 1000;
        if (typeof claims.iat !== 'number' || claims.iat > now + 60 || now - claims.iat > maxAge)
          return refuse(401, `the signature is older than ${maxAge} s, or undated`);
        jti = typeof claims.jti === 'string' ? claims.jti : undefined;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        return refuse(400, 'the body is not JSON');
      }
      const { taskId, task } = taskOf(payload);
      if (taskId === undefined) return refuse(400, 'the body names no task');
      const expected = options.taskIds;
      if (expected !== undefined && !(typeof expected === 'function' ? expected(taskId) : expected.has(taskId)))
        return refuse(403, `task ${taskId.slice(0, 64)} is not one this receiver expects`);
      if (jti !== undefined && remember(seen, jti, Date.now() + maxAge * 1000))
        return { ok: false, status: 409, reason: `a replay: notification ${jti.slice(0, 64)} was received before`, duplicate: true };
      return { ok: true, taskId, ...(task ? { task } : {}), payload, signed: jti !== undefined };
    },
  };
}

/** Whether `jti` was seen (still within its age); remembers it otherwise. */
function remember(seen: Map<string, number>, jti: string, until: number): boolean {
  const now = Date.now();
  const known = seen.get(jti);
  if (known !== undefined && known > now) return true;
  for (const [id, expires] of seen) {
    if (expires > now && seen.size < REMEMBERED) break;
    seen.delete(id);
  }
  seen.set(jti, until);
  return false;
}

/** The task a notification is about: v1.0 posts a StreamResponse (`{ task }`, or an update naming `taskId`), earlier versions the Task. */
function taskOf(payload: unknown): { taskId?: string; task?: Task } {
  if (!isObject(payload)) return {};
  const task: unknown = isObject(payload.task) ? payload.task : isObject(payload.status) ? payload : undefined;
  if (isObject(payload.task) && typeof payload.task.id === 'string') return { taskId: payload.task.id, task: task as Task };
  for (const update of [payload.statusUpdate, payload.artifactUpdate])
    if (isObject(update) && typeof update.taskId === 'string') return { taskId: update.taskId };
  if (typeof payload.id === 'string' && isObject(payload.status)) return { taskId: payload.id, task: task as Task };
  return {};
}

function headerOf(headers: ReceivedHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | readonly string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

/** Compares without stopping at the first difference (a token is a secret). */
function sameText(a: string | undefined, b: string): boolean {
  if (a === undefined || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
