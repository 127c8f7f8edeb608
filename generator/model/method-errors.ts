// Which errors each method can answer with, by role: what the generated runtime raises
// (see templates/a2a/server). Documentation lists them; runtime tests prove each one.
import type { ErrorModel } from './error-catalogue.js';
import type { MethodModel } from './methods.js';
import type { MethodRole } from './roles.js';

/** Every JSON-RPC call can fail these ways, whatever the method. */
const ANY_CALL = ['jsonParse', 'invalidRequest', 'methodNotFound', 'invalidParams', 'internal', 'versionNotSupported'];

const SENDING = ['taskNotFound', 'unsupportedOperation', 'contentTypeNotSupported', 'pushNotificationNotSupported', 'invalidAgentResponse'];
const PUSH = ['pushNotificationNotSupported', 'taskNotFound'];

const BY_ROLE: Record<MethodRole, string[]> = {
  send: SENDING,
  stream: SENDING,
  get: ['taskNotFound'],
  list: [],
  cancel: ['taskNotFound', 'taskNotCancelable'],
  resubscribe: ['taskNotFound', 'unsupportedOperation'],
  pushSet: PUSH,
  pushGet: PUSH,
  pushList: PUSH,
  pushDelete: PUSH,
  extendedCard: ['authenticatedExtendedCardNotConfigured'],
  custom: ['unsupportedOperation'],
};

/** The errors of the catalogue a method can answer with: A2A-specific ones first. */
export function errorsOf(method: MethodModel, catalogue: readonly ErrorModel[]): ErrorModel[] {
  const keys = [...BY_ROLE[method.role], ...ANY_CALL];
  return keys.map((k) => catalogue.find((e) => e.key === k)).filter((e): e is ErrorModel => e !== undefined);
}
