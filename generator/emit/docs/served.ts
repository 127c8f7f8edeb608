// Which of the version's methods this agent serves. The schema defines every method of its
// version, but the generated server answers some only with an error when the card turns the
// feature off (templates/a2a/server/dispatch.ts, task-manager.ts): streaming methods when
// `capabilities.streaming` is not true, push-config methods when `capabilities.pushNotifications`
// is not true, the extended-card method when the agent offers no extended card. The docs list
// only the served methods (page, API.md, OpenRPC, OpenAPI, the try-it panel) and name the others
// once, with the error they get, so a reader neither calls a method that cannot work nor
// wonders where one went.
import { isPlainObject } from '../../json-schema.js';
import type { AgentModel } from '../../model/agent.js';
import type { MethodModel } from '../../model/methods.js';
import type { ProtocolModel } from '../../model/protocol.js';

export interface UnservedMethod {
  name: string;
  /** Why, in a few words ("streaming is off in the card"). */
  reason: string;
  /** The error the server answers with, when the catalogue has it. */
  error?: { code: number; name: string };
}

const PUSH_ROLES = new Set(['pushSet', 'pushGet', 'pushList', 'pushDelete']);

export function servedMethods(protocol: ProtocolModel, agent: AgentModel): { served: MethodModel[]; unserved: UnservedMethod[] } {
  const capabilities = isPlainObject(agent.card.capabilities) ? agent.card.capabilities : {};
  const served: MethodModel[] = [];
  const unserved: UnservedMethod[] = [];
  for (const m of protocol.methods) {
    const why = unservedReason(m, capabilities, agent.extendedCard !== undefined);
    if (!why) {
      served.push(m);
      continue;
    }
    const error = protocol.errors.find((e) => e.key === why.error);
    unserved.push({ name: m.name, reason: why.reason, ...(error ? { error: { code: error.code, name: error.className } } : {}) });
  }
  return { served, unserved };
}

function unservedReason(m: MethodModel, capabilities: Record<string, unknown>, extendedCard: boolean): { reason: string; error: string } | undefined {
  if ((m.role === 'stream' || m.role === 'resubscribe') && capabilities.streaming !== true)
    return { reason: 'capabilities.streaming is not true', error: 'unsupportedOperation' };
  if (PUSH_ROLES.has(m.role) && capabilities.pushNotifications !== true)
    return { reason: 'capabilities.pushNotifications is not true', error: 'pushNotificationNotSupported' };
  if (m.role === 'extendedCard' && !extendedCard)
    return { reason: 'the agent offers no authenticated extended card', error: 'authenticatedExtendedCardNotConfigured' };
  return undefined;
}
