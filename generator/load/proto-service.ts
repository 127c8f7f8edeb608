// The service's methods: request and response types, streaming, and the HTTP route each one
// has in the HTTP+JSON binding, read from its `(google.api.http)` option.
// @see spec §5.3 (method mapping), §11 (HTTP+JSON); https://google.aip.dev/127 (HttpRule)
import protobuf from 'protobufjs';
import type { Method, Service, Type } from 'protobufjs';
import { InputError } from '../diagnostics.js';
import { isPlainObject } from '../json-schema.js';
import { blockAfter, findDeclaration, locate, type ProtoText } from './proto-locate.js';
import { definitionNameOf, descriptionOf, jsonName } from './proto-names.js';
import { wellKnownName } from './proto-types.js';

export interface HttpBinding {
  /** The HTTP method, upper case: `GET`, `POST`, `PUT`, `DELETE`, `PATCH`, or a `custom` rule's kind. */
  verb: string;
  /** The path template as written, variables and all: `/{tenant}/tasks/{id=*}:cancel`. */
  path: string;
  /** Which request field is the body: `*` (all not bound by the path), one field's proto name, or undefined (no body). */
  body?: string;
  /** Which response field is the body, when not the whole response. */
  responseBody?: string;
  /** More routes to the same method (A2A: the same path under `/{tenant}`). */
  additionalBindings?: HttpBinding[];
  /** The ProtoJSON name of each request field the path or the body names (`task_id` → `taskId`): routes are served in JSON terms. */
  jsonNames: Record<string, string>;
}

export interface ProtoMethod {
  /** As the proto names it, which is also its JSON-RPC method name (spec §9.4): `SendMessage`. */
  name: string;
  description?: string;
  /** Definition names: `SendMessageRequest`; a well-known type by its full name (`google.protobuf.Empty`). */
  requestType: string;
  responseType: string;
  clientStreaming: boolean;
  serverStreaming: boolean;
  http?: HttpBinding;
}

interface ServiceContext {
  proto: ProtoText;
  package: string | undefined;
  service: Service;
}

export function serviceMethods(ctx: ServiceContext): ProtoMethod[] {
  return ctx.service.methodsArray.map((method) => {
    const request = messageType(ctx, method, method.requestType);
    const response = messageType(ctx, method, method.responseType);
    const rule = httpOption(method);
    const description = descriptionOf(method.comment);
    return {
      name: method.name,
      ...(description ? { description } : {}),
      requestType: request.name,
      responseType: response.name,
      clientStreaming: method.requestStream === true,
      serverStreaming: method.responseStream === true,
      ...(rule === undefined ? {} : { http: httpBinding(ctx, method, rule, request.type) }),
    };
  });
}

/** The offset of `rpc Name` inside the service block, for errors. */
export function methodOffset(proto: ProtoText, pkg: string | undefined, service: Service, name: string): number | undefined {
  const decl = findDeclaration(proto, 'service', definitionNameOf(service, pkg));
  const block = decl === undefined ? undefined : blockAfter(proto.code, decl);
  return block ? findDeclaration(proto, 'rpc', name, block[0], block[1]) : decl;
}

function messageType(ctx: ServiceContext, method: Method, typeName: string): { name: string; type?: Type } {
  const wellKnown = wellKnownName(typeName);
  if (wellKnown) return { name: wellKnown };
  const found = ctx.service.lookup(typeName, [protobuf.Type]);
  if (found instanceof protobuf.Type) return { name: definitionNameOf(found, ctx.package), type: found };
  throw methodError(
    ctx,
    method,
    `rpc ${method.name} uses "${typeName}", which is not a message this file declares nor a google.protobuf well-known type (imports are not read)`,
  );
}

function httpOption(method: Method): unknown {
  const entry = (method.parsedOptions ?? []).find((o: Record<string, unknown>) => Object.hasOwn(o, '(google.api.http)'));
  return entry?.['(google.api.http)'];
}

const VERBS = ['get', 'put', 'post', 'delete', 'patch'];

function httpBinding(ctx: ServiceContext, method: Method, rule: unknown, request: Type | undefined): HttpBinding {
  const fail = (why: string): never => {
    throw methodError(ctx, method, `the (google.api.http) option of rpc ${method.name} ${why}`);
  };
  if (!isPlainObject(rule)) return fail('is not a message value ({ … })');
  const verbs = VERBS.filter((v) => rule[v] !== undefined);
  const custom = rule.custom;
  if (verbs.length + (custom === undefined ? 0 : 1) !== 1) return fail('must set exactly one of get, put, post, delete, patch or custom');
  const [verb, path] = verbs.length
    ? [verbs[0].toUpperCase(), rule[verbs[0]]]
    : isPlainObject(custom)
      ? [typeof custom.kind === 'string' ? custom.kind.toUpperCase() : '', custom.path]
      : ['', undefined];
  if (!verb) return fail('has a custom pattern without a kind');
  if (typeof path !== 'string' || !path.startsWith('/')) return fail(`has a path that is not a template starting with "/": ${JSON.stringify(path)}`);
  const jsonNames: Record<string, string> = {};
  for (const variable of pathVariables(path)) {
    // A2A binds top-level fields only; a nested path (`config.id`) would need a route that builds objects.
    if (variable.includes('.')) fail(`binds {${variable}} in ${path}: nested field paths are not supported`);
    if (request && !Object.hasOwn(request.fields, variable))
      fail(`binds {${variable}} in ${path}, but ${definitionNameOf(request, ctx.package)} has no field "${variable}"`);
    jsonNames[variable] = request ? jsonName(request.fields[variable]) : variable;
  }
  const binding: HttpBinding = { verb, path, jsonNames };
  if (rule.body !== undefined) {
    if (typeof rule.body !== 'string') fail('has a body that is not a string');
    const body = rule.body as string;
    if (body !== '*' && request && !Object.hasOwn(request.fields, body))
      fail(`takes its body from "${body}", which ${definitionNameOf(request, ctx.package)} has no field of`);
    binding.body = body;
    if (body !== '*') jsonNames[body] = request ? jsonName(request.fields[body]) : body;
  }
  if (typeof rule.response_body === 'string') binding.responseBody = rule.response_body;
  const more = rule.additional_bindings;
  if (more !== undefined) {
    const list = Array.isArray(more) ? more : [more];
    // AIP-127: an additional binding may not nest more of its own.
    if (list.some((b) => isPlainObject(b) && b.additional_bindings !== undefined)) fail('nests additional_bindings inside an additional binding');
    binding.additionalBindings = list.map((b) => httpBinding(ctx, method, b, request));
  }
  return binding;
}

/** The field paths a template binds: `/{tenant}/tasks/{id=*}` → `tenant`, `id`. */
export function pathVariables(path: string): string[] {
  return [...path.matchAll(/\{([^}=]+)(?:=[^}]*)?\}/g)].map((m) => m[1].trim());
}

function methodError(ctx: ServiceContext, method: Method, message: string): InputError {
  return new InputError(message, locate(ctx.proto, methodOffset(ctx.proto, ctx.package, ctx.service, method.name)), `${ctx.service.name}.${method.name}`);
}
