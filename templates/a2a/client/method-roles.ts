// The schema's method for a role — `message/stream` (v0.2 on), `tasks/sendSubscribe` (v0.1.0) or
// `SendStreamingMessage` (v1.0) for `stream` — typed by the generated method table.
import type { A2AMethodName, A2AMethods } from '../methods.js';
import { protocol } from '../protocol.js';
import type { MethodRole } from '../runtime/protocol-types.js';

/** The name of the method whose role is `R` (`never` in a version that has none). */
export type MethodWithRole<R extends MethodRole> = { [M in A2AMethodName]: A2AMethods[M]['role'] extends R ? M : never }[A2AMethodName];

export function methodWithRole<R extends MethodRole>(role: R): MethodWithRole<R> | undefined {
  return Object.keys(protocol.methods).find((name) => protocol.methods[name].role === role) as MethodWithRole<R> | undefined;
}
