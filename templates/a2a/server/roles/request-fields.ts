// Reads a request's params by the shapes of protocol.requestShapes (generator/model/request-shapes.ts):
// before validation, proto field names become JSON names (ProtoJSON parsers accept both, ADR-001:
// `{"task_id": …}` is `{"taskId": …}`); after it, fields no shape knows are dropped (§5.7:
// unrecognized fields are ignored), so the agent never stores and serves back what its schema
// lacks. Metadata, Struct and Value fields are data and stay as they are. Objects are copied only
// when something changes: the common request passes through untouched.
import { protocol } from '../../protocol.js';
import { isObject, type Loose } from '../../runtime/shapes.js';
import type { RequestShape } from '../../runtime/protocol-types.js';
import { invalidParams } from '../spec/rules.js';

const shapes = protocol.requestShapes;

/** The shape of a value of `shape` (a union's branch by its discriminator), or undefined when it has none. */
function shapeFor(name: string, value: Loose): RequestShape | undefined {
  const shape = shapes[name] as RequestShape | undefined;
  if (!shape?.union) return shape;
  const branch = value[shape.union.discriminator];
  return typeof branch === 'string' && Object.hasOwn(shape.union.branches, branch) ? shapes[shape.union.branches[branch]] : undefined;
}

/** Applies `read` to a field's value: to each item of a list, to an object itself. */
function eachValue(value: unknown, read: (item: Loose, path: string) => Loose, path: string): unknown {
  if (isObject(value)) return read(value, path);
  if (!Array.isArray(value)) return value;
  let out: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i] as unknown;
    if (!isObject(item)) continue;
    const read_ = read(item, `${path}/${i}`);
    if (read_ !== item) (out ??= value.slice())[i] = read_;
  }
  return out ?? value;
}

/**
 * `value` of shape `name` with every proto field name read as its JSON name, at any depth. A field
 * given both ways in one object is invalid params (`path` locates it). Anything that is not the
 * expected shape is left for the validator to refuse.
 */
export function readProtoNames(name: string, value: unknown, path = ''): unknown {
  if (!isObject(value)) return value;
  const shape = shapeFor(name, value);
  if (!shape) return value;
  let out: Loose | undefined;
  const { protoNames, fields } = shape;
  for (const key in value) {
    let field = key;
    if (protoNames && Object.hasOwn(protoNames, key)) {
      field = protoNames[key];
      if (Object.hasOwn(value, field))
        throw invalidParams(`${path}/${field}`, `the field ${field} is given twice, as "${field}" and as its proto name "${key}"`);
    }
    const child = Object.hasOwn(fields, field) ? fields[field] : 0;
    const before = value[key];
    const after = child === 0 ? before : eachValue(before, (item, at) => readProtoNames(child, item, at) as Loose, `${path}/${field}`);
    if (field !== key || after !== before) out ??= copyUpTo(value, key);
    if (out) put(out, field, after);
  }
  return out ?? value;
}

/** `value` of shape `name` without the fields its shape (at any depth) does not know. */
export function dropUnknownFields(name: string, value: Loose): Loose {
  const shape = shapeFor(name, value);
  if (!shape) return value;
  let out: Loose | undefined;
  const { fields } = shape;
  for (const key in value) {
    if (!Object.hasOwn(fields, key)) {
      if (shape.open) {
        if (out) put(out, key, value[key]);
      } else out ??= copyUpTo(value, key);
      continue;
    }
    const child = fields[key];
    const before = value[key];
    const after = child === 0 ? before : eachValue(before, (item) => dropUnknownFields(child, item), '');
    if (after !== before) out ??= copyUpTo(value, key);
    if (out) put(out, key, after);
  }
  return out ?? value;
}

/** A copy of the fields before `stop`, in their order (the fields after it are the caller's to add). */
function copyUpTo(value: Loose, stop: string): Loose {
  const out: Loose = {};
  for (const key in value) {
    if (key === stop) break;
    put(out, key, value[key]);
  }
  return out;
}

/** Sets a field as JSON.parse does: `__proto__` is a field like any other, never the prototype. */
function put(target: Loose, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
