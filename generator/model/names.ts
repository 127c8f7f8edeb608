// Every identifier and file name derived from user or schema text is made here, so that
// reserved words, magic property names and collisions are handled in exactly one place.

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined NaN Infinity async of'
  ).split(' '),
);

/**
 * Names that are legal identifiers but dangerous as object keys or exports: they shadow
 * Object.prototype members, or make a module look like a thenable.
 */
const MAGIC = new Set([
  'constructor',
  'prototype',
  '__proto__',
  'then',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'default',
  'skills',
  'call',
  'apply',
  'bind',
  'name',
  'length',
]);

/** Splits `route-optimizer_traffic`, `routeOptimizerTraffic`, `HTTPServer2` into lowercase words. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export function pascalCase(text: string): string {
  const out = words(text).map(cap).join('');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

export function camelCase(text: string): string {
  const [first = '', ...rest] = words(text);
  const out = first + rest.map(cap).join('');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

export function kebabCase(text: string): string {
  return words(text).join('-');
}

/** Whether `name` may be used as a binding or an export without surprises. */
export function isSafeIdentifier(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name) && !MAGIC.has(name);
}

/** A safe identifier for a value (camelCase); `suffix` is appended when the plain name is unsafe. */
export function valueIdentifier(text: string, suffix: string): string {
  const base = camelCase(text);
  if (!base) return '';
  return isSafeIdentifier(base) ? base : base + suffix;
}

/** A safe identifier for a type (PascalCase). */
export function typeIdentifier(text: string, suffix = ''): string {
  const base = pascalCase(text);
  if (!base) return '';
  return isSafeIdentifier(base) ? base : `${base}${suffix || 'Type'}`;
}

/** Where the scaffolded skill handlers live in an agent project. */
export const SKILLS_DIR = 'src/skills';

/** Names a skill gets in generated code, derived once from its id. */
export interface SkillNames {
  /** camelCase value name: `routeOptimizerTraffic`. */
  value: string;
  /** PascalCase type prefix: `RouteOptimizerTraffic`. */
  type: string;
  /** kebab-case file stem: `route-optimizer-traffic` → src/skills/route-optimizer-traffic.ts. */
  file: string;
  /** The handler module the scaffold writes: `src/skills/route-optimizer-traffic.ts`. */
  handlerModule: string;
  /** Its payload types (skill-types.ts, validators, OpenAPI components): `RouteOptimizerTrafficInput`, `…Output`. */
  input: string;
  output: string;
}

export function skillNames(id: string): SkillNames | undefined {
  const file = kebabCase(id).slice(0, 80);
  const value = valueIdentifier(id, 'Skill');
  const type = typeIdentifier(id, 'Skill');
  if (!file || !value || !type) return undefined;
  return { value, type, file, handlerModule: `${SKILLS_DIR}/${file}.ts`, input: `${type}Input`, output: `${type}Output` };
}

/**
 * Members of the generated A2AClient that a method name must not shadow: its own `skills`, and
 * those of the runtime's A2AClientBase it extends (templates/a2a/client/client-base.ts), the
 * protected ones the generated methods call included.
 */
const CLIENT_MEMBERS = new Set([
  'constructor',
  'skills',
  'transport',
  'card',
  'fromCardUrl',
  'call',
  'stream',
  'unaryCall',
  'streamingCall',
  'resumableStream',
  'extendedCardOverHttp',
  'skillSend',
  'skillResult',
  'skillStream',
]);

/** The generated client's method for a JSON-RPC method: `name`, or `nameMethod` where that would shadow a member or is unsafe. */
export function clientMethodName(name: string): string {
  return CLIENT_MEMBERS.has(name) || !isSafeIdentifier(name) ? `${name}Method` : name;
}

/**
 * The client's method names made distinct: official SDK names stay as they are; any other that is
 * already taken gets 2, 3, … in the order given (`use/JsonRpcError` and `use/JsonRpcError_` both
 * become `useJsonRpcError`: the second is `useJsonRpcError2`).
 */
export function distinctClientNames(methods: readonly { clientName: string; official: boolean }[]): string[] {
  const taken = new Set(methods.filter((m) => m.official).map((m) => m.clientName));
  return methods.map(({ clientName, official }) => {
    if (official) return clientName;
    let name = clientName;
    for (let i = 2; taken.has(name); i++) name = `${clientName}${i}`;
    taken.add(name);
    return name;
  });
}

/** A JSON-RPC method's client method name when no official name exists: `ListTasksRequest` → `listTasks`. */
export function methodClientName(requestDefinition: string, method: string): string {
  const fromDefinition = requestDefinition.replace(/Request$/, '');
  const name = valueIdentifier(fromDefinition || method, 'Method');
  return name || valueIdentifier(method, 'Method');
}

/** The environment variable the scaffold reads a security scheme's accepted secrets from: `bearer` → `A2A_BEARER_SECRETS`. */
export function secretsVariable(schemeName: string): string {
  return `A2A_${schemeName.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_SECRETS`;
}

/**
 * The export of ajv's standalone code that checks `subject` (a definition, or a skill's payload
 * type: `skill EchoInput`): `validateAgentCard`, `validateSkillEchoInput`. Never the name of the
 * type it checks, which validators/index.ts imports beside it.
 */
export function validatorName(subject: string): string {
  return `validate${typeIdentifier(subject) || 'Schema'}`;
}

/** An error definition's name without `Error` (`TaskNotFoundError` → `TaskNotFound`), which the error's other names are made from. */
export const errorBaseName = (definition: string): string => definition.replace(/Error$/, '') || definition;

/**
 * The generated class of an error definition: `TaskNotFoundError`; `_` appended where the name is
 * not a safe identifier, or is `JsonRpcError` — errors.ts exports the runtime's base class under
 * that name, and the runtime imports it from there. (Its other exports cannot end in `Error`.)
 */
export function errorClassName(definition: string): string {
  const name = `${pascalCase(errorBaseName(definition))}Error`;
  return isSafeIdentifier(name) && name !== 'JsonRpcError' ? name : `${name}_`;
}

/** The key the runtime raises an error by, unless the spec text gives one: `TaskNotFoundError` → `taskNotFound`. */
export const errorKey = (definition: string): string => camelCase(errorBaseName(definition));

/**
 * The type of one member's branch of a oneof union (emit/types.ts): `Part` + `text` → `PartText`,
 * `…Unset` for the branch with none set; `_` appended until no definition or earlier branch has it.
 * The name is added to `taken`.
 */
export function oneofBranchName(union: string, member: string | undefined, taken: Set<string>): string {
  const suffix = member ?? 'unset';
  let name = `${union}${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
  while (taken.has(name)) name += '_';
  taken.add(name);
  return name;
}

/** A method name or version as an operation id's words: `message/send` → `MessageSend`, `v0_3_0` → `V030`. */
const operationWords = (name: string): string => name.replace(/(^|[/_.-])([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/**
 * The OpenAPI operationId of an HTTP+JSON route: `restSendMessage`; `restV030SendMessage` for a
 * version answered by translation (labelled `A2A v0.3.0`); `…ForTenant` for the `/{tenant}` twin of
 * a route. Made unique in `used` (then `…ViaPost`, then a number) and added to it.
 */
export function restOperationId(method: string, route: { verb: string; path: string }, versionLabel: string | undefined, used: Set<string>): string {
  const prefix = versionLabel ? `rest${operationWords(versionLabel.replace(/^A2A /, '').replace(/\./g, '_'))}` : 'rest';
  const wanted = `${prefix}${operationWords(method)}${route.path.includes('{tenant}') ? 'ForTenant' : ''}`;
  let id = used.has(wanted) ? `${wanted}Via${route.verb[0]}${route.verb.slice(1).toLowerCase()}` : wanted;
  for (let i = 2; used.has(id); i++) id = `${wanted}${i}`;
  used.add(id);
  return id;
}
