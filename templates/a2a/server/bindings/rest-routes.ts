// The HTTP+JSON binding's routes, compiled once: a request's verb and path → the method it
// encodes and the fields its path binds; its query string → the fields a route without a body
// takes from it (spec v1.0 §11.5: camelCase names, booleans as true/false, numbers in decimal,
// repeated fields repeated or comma-separated).
import { errorFor, type JsonRpcError } from '../../errors.js';
import type { QueryFieldType, RestRoute } from '../../runtime/protocol-types.js';

/** One path segment: literal text, or a variable with the literal text around it (`{id}:cancel`). */
type Segment = { literal: string } | { variable: string; prefix: string; suffix: string };

export interface CompiledRoute {
  route: RestRoute;
  segments: Segment[];
}

export type RouteMatch =
  | { kind: 'route'; route: RestRoute; bound: Record<string, string> }
  | { kind: 'wrongVerb'; allow: string[] }
  | { kind: 'none' }
  | { kind: 'error'; error: JsonRpcError };

export function compileRoutes(routes: readonly RestRoute[]): CompiledRoute[] {
  return routes.map((route) => ({ route, segments: route.path.split('/').slice(1).map(segmentOf) }));
}

function segmentOf(text: string): Segment {
  const open = text.indexOf('{');
  const close = text.indexOf('}', open);
  if (open < 0 || close < 0) return { literal: text };
  return { variable: text.slice(open + 1, close), prefix: text.slice(0, open), suffix: text.slice(close + 1) };
}

/** `path` is relative to the binding's base and starts with `/`. Routes are tried in order (literal ones first). */
export function matchRoute(compiled: readonly CompiledRoute[], verb: string, path: string): RouteMatch {
  const parts = path.split('/').slice(1);
  const allow = new Set<string>();
  for (const { route, segments } of compiled) {
    if (segments.length !== parts.length) continue;
    const bound = bind(segments, parts);
    if (bound === undefined) continue;
    if (bound instanceof Error) return { kind: 'error', error: errorFor('invalidRequest', bound.message) };
    if (route.verb === verb) return { kind: 'route', route, bound };
    allow.add(route.verb);
  }
  return allow.size ? { kind: 'wrongVerb', allow: [...allow] } : { kind: 'none' };
}

function bind(segments: Segment[], parts: string[]): Record<string, string> | Error | undefined {
  const bound: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const part = parts[i];
    if ('literal' in segment) {
      if (part !== segment.literal) return undefined;
      continue;
    }
    const { prefix, suffix, variable } = segment;
    if (part.length <= prefix.length + suffix.length || !part.startsWith(prefix) || !part.endsWith(suffix)) return undefined;
    const raw = part.slice(prefix.length, part.length - suffix.length);
    // `tasks/abc:cancel` must not read as the task `abc:cancel` of GetTask: a variable that
    // ends a segment stops at the first colon (custom verbs follow one, AIP-136).
    if (suffix === '' && raw.includes(':')) return undefined;
    try {
      bound[variable] = decodeURIComponent(raw);
    } catch {
      return new Error(`the path segment ${JSON.stringify(part.slice(0, 100))} is not valid percent-encoding`);
    }
  }
  return bound;
}

/**
 * The query string's values for the fields a route takes from it, each also under its proto name
 * (`history_length`) in ProtoJSON (`protoNames`); other parameters are ignored (A2A-Version may be one).
 */
export function queryFields(query: string, fields: RestRoute['query'], protoNames?: Readonly<Record<string, string>>): Record<string, unknown> | JsonRpcError {
  const out: Record<string, unknown> = {};
  if (query === '') return out;
  const params = new URLSearchParams(query);
  for (const name of new Set(params.keys())) {
    const field = Object.hasOwn(fields, name) ? name : protoNames && Object.hasOwn(protoNames, name) ? protoNames[name] : undefined;
    if (field === undefined || !Object.hasOwn(fields, field)) continue;
    if (Object.hasOwn(out, field))
      return errorFor('invalidParams', `query parameter ${field} is given twice, as "${field}" and as its proto name`, { path: `/${field}` });
    const values = params.getAll(name);
    const value = readQueryValue(fields[field], values);
    if (value instanceof Error) return errorFor('invalidParams', `query parameter ${name}: ${value.message}`, { path: `/${field}` });
    out[field] = value;
  }
  return out;
}

function readQueryValue(type: QueryFieldType, values: string[]): unknown {
  if (type === 'strings') return values.flatMap((v) => v.split(',')).filter((v) => v !== '');
  if (values.length > 1) return new Error(`given ${values.length} times; it takes one value`);
  const [text] = values;
  switch (type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(text) ? Number(text) : new Error(`${JSON.stringify(text.slice(0, 40))} is not an integer`);
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : new Error(`${JSON.stringify(text.slice(0, 40))} is not a number`);
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : new Error(`${JSON.stringify(text.slice(0, 40))} is not true or false`);
    default:
      return text;
  }
}
