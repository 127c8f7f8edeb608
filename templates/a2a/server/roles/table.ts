// Every role, one module each, in one table typed by the roles themselves: a role missing here,
// or one whose `run` does not take its own params, does not compile.
import type { A2AMethods } from '../../methods.js';
import type { MethodRole } from '../../runtime/protocol-types.js';
import { cancel } from './cancel.js';
import { custom } from './custom.js';
import { extendedCard } from './extended-card.js';
import { get } from './get.js';
import { list } from './list.js';
import { pushDelete, pushGet, pushList, pushSet } from './push-configs.js';
import type { RoleTable } from './role.js';
import { send } from './send.js';
import { stream } from './stream.js';
import { subscribe } from './subscribe.js';

export const roles = {
  send,
  stream,
  get,
  list,
  cancel,
  resubscribe: subscribe,
  pushSet,
  pushGet,
  pushList,
  pushDelete,
  extendedCard,
  custom,
} satisfies RoleTable;

/** What the generated params of each role's methods must have for the role to read them (role.ts RoleParams). */
interface ParamsRead {
  send: { message: object };
  stream: { message: object };
  get: { id: string };
  cancel: { id: string };
  resubscribe: { id: string };
}
type Reads<R extends MethodRole> = R extends keyof ParamsRead ? ParamsRead[R] : unknown;
type Misfits = { [M in keyof A2AMethods]: A2AMethods[M]['params'] extends Reads<A2AMethods[M]['role']> ? never : M }[keyof A2AMethods];
/**
 * Checked when each generated project compiles: every method's params, as the version's
 * generated types say them, have what its role reads — a version whose types say otherwise
 * names its misfit methods in the compile error.
 */
export const paramsFitTheirRoles: [Misfits] extends [never] ? true : { misfits: Misfits } = true;
