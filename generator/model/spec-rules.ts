// Rules the A2A specification text states but its JSON Schema does not encode. The runtime
// enforces each rule listed for the generated version (by id), answering with the error named
// here; `data` carries the rule id and the section it comes from. One table, every version.
import type { KnownErrorKey, RuleId, SpecRule } from '../../templates/a2a/runtime/protocol-types.js';
import { compareVersions } from '../version-order.js';

/** A rule with its citations across versions; `rulesFor` turns it into the runtime's SpecRule for one version. */
export interface CitedRule {
  /** One of the rules the runtime knows how to check (protocol-types.ts). */
  id: RuleId;
  /** Error key (see error-catalogue.ts) the runtime answers with when the rule is broken (a citation may name another); none for a rule that shapes an answer instead. */
  error?: KnownErrorKey;
  /** What the rule demands, as the error message says it. */
  description: string;
  /** Where the spec says so: the first version a citation applies to, the section, and the error from then on when it changed. */
  citations: { since: string; section: string; error?: KnownErrorKey }[];
  /** The first version the rule no longer applies to. */
  until?: string;
}

export const SPEC_RULES: CitedRule[] = [
  {
    id: 'message-has-parts',
    error: 'invalidParams',
    description: 'a message must contain at least one part',
    citations: [
      { since: '0.1.0', section: '§6.4 Message: parts — "Must contain at least one part"' },
      { since: '0.2.0', section: '§6.4 Message / §2 "containing one or more Parts"' },
      { since: '1.0.0', section: '§4.1.4 Message: parts (REQUIRED)' },
    ],
  },
  {
    id: 'message-role-user',
    error: 'invalidParams',
    description: 'a message sent by a client must have role "user"',
    citations: [
      { since: '0.1.0', section: '§6.4 Message: role — "user" for client messages' },
      { since: '0.2.0', section: '§6.4 Message: role — "`user` for the client, `agent` for the service"' },
      { since: '1.0.0', section: '§4.1.5 Role — ROLE_USER for messages a client sends' },
    ],
  },
  {
    id: 'file-bytes-xor-uri',
    error: 'invalidParams',
    description: 'a file part carries either `bytes` or `uri`, not both',
    citations: [
      { since: '0.1.0', section: '§6.6 FileContent — "Exactly one of bytes or uri MUST be provided"' },
      { since: '0.2.0', section: '§6.6.1 FileWithBytes / §6.6.2 FileWithUri — "uri must be absent when bytes is present"' },
    ],
    until: '1.0.0', // v1.0's Part has `raw` and `url` as members of one oneof: the schema says it
  },
  {
    id: 'history-length-non-negative',
    error: 'invalidParams',
    description: '`historyLength` must not be negative',
    citations: [
      { since: '0.1.0', section: '§7.3.1 TaskQueryParams — "If provided and positive … 0 or null means no history"' },
      { since: '0.2.0', section: '§7.1.1 MessageSendConfiguration / §7.3.1 TaskQueryParams — the number of most recent messages' },
      { since: '1.0.0', section: '§3.2.4 History Length Semantics' },
    ],
  },
  {
    id: 'history-absent-means-none',
    error: 'invalidParams',
    description: 'without `historyLength` a task is returned without history',
    citations: [{ since: '0.1.0', section: '§7.1.1 TaskSendParams / §7.3.1 TaskQueryParams — "0 or null means no history requested"' }],
    until: '0.2.0', // v0.2+ leaves the default to the server
  },
  {
    id: 'continue-existing-task',
    error: 'taskNotFound',
    description: 'a message that names a task must name one that exists',
    citations: [
      { since: '0.2.0', section: '§7.1 message/send — continuing an existing interaction (Message.taskId)' },
      { since: '1.0.0', section: '§3.4.2 Task Identifier Semantics' },
    ],
  },
  {
    id: 'continue-nonterminal-task',
    error: 'invalidParams',
    description: 'a task in a terminal state (completed, canceled, rejected, failed) cannot be continued',
    citations: [
      { since: '0.1.0', section: '§6.3 TaskState — terminal states' },
      { since: '0.3.0', section: '§7.1 message/send — "A task which has reached a terminal state … can\'t be restarted"' },
      {
        since: '1.0.0',
        section: '§3.1.1 Send Message / §3.1.2 — UnsupportedOperationError: a task in a terminal state cannot accept further messages',
        error: 'unsupportedOperation',
      },
    ],
  },
  {
    id: 'continue-same-context',
    error: 'invalidParams',
    description: 'a message continuing a task must not name a different context',
    citations: [
      { since: '0.2.0', section: '§6.4 Message: contextId / taskId — a task belongs to one context' },
      { since: '1.0.0', section: '§3.4.1 Context Identifier Semantics' },
    ],
  },
  {
    id: 'streaming-capability',
    error: 'unsupportedOperation',
    description: 'streaming methods require `capabilities.streaming: true` in the Agent Card',
    citations: [
      { since: '0.1.0', section: '§7.2 tasks/sendSubscribe — "Requires the server to have the streaming: true capability"' },
      { since: '0.2.0', section: '§7.2 message/stream — "requires the server to have AgentCard.capabilities.streaming: true"' },
      { since: '1.0.0', section: '§3.3.4 Capability Validation — streaming' },
    ],
  },
  {
    id: 'push-capability',
    error: 'pushNotificationNotSupported',
    description: 'push notification methods require `capabilities.pushNotifications: true` in the Agent Card',
    citations: [
      { since: '0.1.0', section: '§7.5 tasks/pushNotification/set — "Requires the server to have the pushNotifications: true capability"' },
      { since: '0.2.0', section: '§7.5 tasks/pushNotificationConfig/set — "Requires … capabilities.pushNotifications: true"' },
      { since: '1.0.0', section: '§3.3.4 Capability Validation — push notifications' },
    ],
  },
  {
    id: 'push-config-exists',
    error: 'taskNotFound',
    description: 'the push notification config asked for does not exist',
    citations: [{ since: '1.0.0', section: '§3.1.8 Get Push Notification Config — TaskNotFoundError: the configuration does not exist' }],
  },
  {
    id: 'extended-card-capability',
    error: 'unsupportedOperation',
    description: 'GetExtendedAgentCard requires `capabilities.extendedAgentCard: true` in the Agent Card',
    citations: [{ since: '1.0.0', section: '§3.3.4 Capability Validation — Extended Agent Card' }],
  },
  {
    id: 'push-url-absolute',
    error: 'invalidParams',
    description: 'a push notification `url` must be an absolute http(s) URL',
    citations: [
      { since: '0.1.0', section: '§6.8 PushNotificationConfig: url — "The absolute HTTPS webhook URL"' },
      { since: '0.3.0', section: '§6.8 PushNotificationConfig: url — the callback URL' },
      { since: '1.0.0', section: '§4.3.1 PushNotificationConfig: url (REQUIRED)' },
    ],
  },
  {
    id: 'cancel-nonterminal-task',
    error: 'taskNotCancelable',
    description: 'a task in a terminal state cannot be canceled',
    citations: [
      { since: '0.1.0', section: '§8.2 TaskNotCancelableError — "The task is already in a terminal state"' },
      { since: '0.2.0', section: '§8.2 TaskNotCancelableError' },
      { since: '1.0.0', section: '§3.1.5 Cancel Task / §3.3.2 TaskNotCancelableError' },
    ],
  },
  {
    id: 'subscribe-nonterminal-task',
    error: 'unsupportedOperation',
    description: 'a task in a terminal state cannot be subscribed to',
    citations: [{ since: '1.0.0', section: '§3.1.6 Subscribe to Task / §9.4.6 SubscribeToTask — UnsupportedOperationError for a terminal task' }],
  },
  {
    id: 'resubscribe-fails-in-stream',
    description: 'tasks/resubscribe answers a stream even when it fails before its first event',
    citations: [
      { since: '0.1.0', section: '§7.7 tasks/resubscribe — the response is a stream of Server-Sent Events' },
      { since: '0.2.0', section: '§7.9 tasks/resubscribe — "Response: A stream of Server-Sent Events", each a SendStreamingMessageResponse (errors included)' },
    ],
    until: '1.0.0', // v1.0 §9.4.6: SubscribeToTask "Returns UnsupportedOperationError"; a plain answer
  },
  {
    id: 'subscribe-until-terminal',
    description: 'a subscription lasts until the task reaches a terminal state, through the turns that wait for the client',
    citations: [{ since: '1.0.0', section: '§3.1.6 Subscribe to Task — "MUST terminate when the task reaches a terminal state"' }],
  },
  {
    // Unknown fields are ignored (§5.7), but `kind` is no unknown field: it is v0.3's
    // discriminator, and a part that names one kind while holding another member's content
    // would be read as something the client did not mean. Refused with the reason instead.
    id: 'no-kind-discriminator',
    error: 'invalidParams',
    description:
      "`kind` is A2A v0.3's discriminator; v1.0 tells messages and parts apart by their members (send `A2A-Version: 0.3` requests to a v0.3 interface)",
    citations: [{ since: '1.0.0', section: 'whats-new-v1 "Part Object" — REMOVED: kind discriminator field; §5.5 ProtoJSON' }],
  },
  {
    id: 'history-zero-omitted',
    error: 'invalidParams',
    description: '`historyLength: 0` returns a task without its `history` field',
    citations: [{ since: '1.0.0', section: '§3.2.4 History Length Semantics — "0: … the history field SHOULD be omitted"' }],
  },
];

/** The rules that apply to a version, each with its citation for that version. */
export function rulesFor(version: string): Partial<Record<RuleId, SpecRule>> {
  const v = version === 'unknown' ? '999.0.0' : version;
  const out: Partial<Record<RuleId, SpecRule>> = {};
  for (const rule of SPEC_RULES) {
    const cited = rule.citations.filter((c) => compareVersions(v, c.since) >= 0).at(-1);
    if (!cited || (rule.until && compareVersions(v, rule.until) >= 0)) continue;
    const error = cited.error ?? rule.error;
    out[rule.id] = { ...(error ? { error } : {}), description: rule.description, section: cited.section };
  }
  return out;
}
