// A call → its outcome: a result, an error, or an SSE stream. The method is looked up, its
// params read (request-fields.ts: proto names, unknown fields) and validated by the generated
// validators (-32602 with the findings in `data`), the tenant checked, the role's own rules
// applied — all before anything is looked up — and the role of the method runs it (table.ts).
import { errorFor, JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import type { MethodDescriptor, MethodRole } from '../../runtime/protocol-types.js';
import type { Loose } from '../../runtime/shapes.js';
import type { JsonRpcRequest } from '../bindings/jsonrpc-envelope.js';
import { idRequired } from '../bindings/jsonrpc-envelope.js';
import { invalidParams } from '../spec/rules.js';
import { checkRequestText } from '../tasks/task-text.js';
import { checkExtensionMetadata } from './extension-metadata.js';
import { dropUnknownFields, readProtoNames } from './request-fields.js';
import type { CallMeta, DispatchConfig, Outcome, RoleParams, RoleTable } from './role.js';
import { roles } from './table.js';

export type { CallMeta, DispatchConfig, Outcome, StreamFraming } from './role.js';

const methods = protocol.methods;
/** As the mapped type, so that a role's entry is typed by the role (`table[role]` is `Role<R>`). */
const table: RoleTable = roles;
/** ProtoJSON (v1.0 on): requests may name fields by their proto names. */
const PROTO_NAMES = Object.values(protocol.requestShapes).some((shape) => shape.protoNames !== undefined);

export const isStreamingMethod = (method: string): boolean => Object.hasOwn(methods, method) && methods[method].streaming;

/** `request` is a JSON-RPC request, or the method and params an HTTP+JSON route stands for (rest.ts). */
export async function dispatch(request: Pick<JsonRpcRequest, 'method' | 'params'>, meta: CallMeta, config: DispatchConfig): Promise<Outcome> {
  try {
    const { descriptor, params } = validate(request.method, request.params, config);
    return await run(descriptor.role, params as RoleParams[MethodRole], meta, config, request.method, descriptor.streaming);
  } catch (err) {
    if (err instanceof JsonRpcError) return { kind: 'error', error: err };
    config.log('error', `a2a: ${request.method} failed`, err);
    return { kind: 'error', error: errorFor('internal') };
  }
}

/** Runs a role's call; its params were validated for it. */
function run<R extends MethodRole>(
  role: R,
  params: RoleParams[R],
  meta: CallMeta,
  config: DispatchConfig,
  method: string,
  streaming: boolean,
): Promise<Outcome> | Outcome {
  return table[role].run({ params, meta, config, method, streaming });
}

/**
 * The error for a request that came without an id: the same checks as any request (method,
 * params and the rules on them), then "id is required". Nothing is looked up or executed.
 */
export function idlessError(method: string, params: unknown, config: DispatchConfig): JsonRpcError {
  try {
    validate(method, params, config);
    return idRequired();
  } catch (err) {
    return err instanceof JsonRpcError ? err : errorFor('internal');
  }
}

/**
 * Everything that can be said of a request from the request alone — the method exists, the
 * params match the schema and the spec's rules on them — before any task is looked up: an
 * invalid request is -32602 whatever the store holds (and says nothing of what it holds).
 */
function validate(method: string, raw: unknown, config: DispatchConfig): { descriptor: MethodDescriptor; params: Loose } {
  if (!Object.hasOwn(methods, method)) {
    throw errorFor('methodNotFound', `Method not found: ${method.slice(0, 100)}`, { method: method.slice(0, 100) });
  }
  const descriptor = methods[method];
  const shape = descriptor.paramsShape;
  const params = checkParams(shape && PROTO_NAMES ? readProtoNames(shape, raw) : raw, descriptor);
  // Ids, filters, texts, metadata keys: nothing a request carries may hold text no store can keep (task-text.ts).
  checkRequestText(params);
  // A typed extension's metadata on the message matches its schema (extension-metadata.ts).
  checkExtensionMetadata(params);
  // A request names its tenant (or none, when a gateway took it off): another one is not this agent.
  if (config.tenant !== undefined && typeof params.tenant === 'string' && params.tenant !== '' && params.tenant !== config.tenant)
    throw invalidParams(
      '/tenant',
      `tenant ${JSON.stringify(params.tenant.slice(0, 100))} is not served here; this interface's tenant is ${JSON.stringify(config.tenant)}`,
    );
  check(descriptor.role, params as RoleParams[MethodRole], config);
  // Judged as sent (the rules see a v0.3 `kind` in a v1.0 part); kept without what the schema does not know.
  return { descriptor, params: shape ? dropUnknownFields(shape, params) : params };
}

function check<R extends MethodRole>(role: R, params: RoleParams[R], config: DispatchConfig): void {
  table[role].check?.(params, config);
}

function checkParams(raw: unknown, descriptor: MethodDescriptor): Loose {
  if (!descriptor.params) return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Loose) : {};
  if (raw === undefined) {
    if (descriptor.paramsRequired)
      throw errorFor('invalidParams', 'params are required for this method', { issues: [{ path: '', message: 'must be an object', keyword: 'required' }] });
    return {};
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw errorFor('invalidParams', 'params must be an object (A2A uses named parameters)', {
      issues: [{ path: '', message: 'must be object', keyword: 'type' }],
    });
  }
  const issues = descriptor.params.check(raw);
  if (issues) throw errorFor('invalidParams', `Invalid params: ${issues[0].path || '(root)'} ${issues[0].message}`, { issues });
  return raw as Loose;
}
