// Which proto message each definition and each `$ref` of a proto-made a2a.json stands for.
// bufbuild's protoc-gen-jsonschema writes one schema per message, identified by a file name
// (`lf.a2a.v1.Task.jsonschema.json`; references to other messages are those file names) and
// titled by the message's name in words ("Agent Capabilities", see `titleOf`). The A2A project
// has bundled those schemas two ways: up to v1.0.1 keyed by title, with the file-name references
// left dangling (a2aproject/A2A#2073); since 2c3affc9 keyed `#/$defs/Task`, prefix and suffix
// cleaned off. A bundle left uncleaned keys them by file name. All three are read here.
// @see bufbuild/protoschema-plugins internal/protoschema/jsonschema/jsonschema.go (getID, nameToTitle)
import { formatJsonPath, InputError } from '../diagnostics.js';
import { decodePointerSegment, forEachSubschema, isPlainObject, type JsonSchema } from '../json-schema.js';
import { wellKnownName } from './proto-types.js';

/** What a `$ref` names: a definition of the file (by key), or a google.protobuf type written inline. */
export type RefTarget = { key: string } | { wellKnown: string };

export interface DefinitionNames {
  /** Definition key → the message's name without its package (`Task`; nested: `Outer.Inner`). */
  names: Map<string, string>;
  /** Definition key → full name, for the google.protobuf types bundled beside the messages (inlined where used). */
  wellKnown: Map<string, string>;
  /** The proto package, when a file name says it (`lf.a2a.v1`); the cleaned bundle no longer does. */
  package: string | undefined;
  /** What a `$ref` written inside the definition `owner` (at `path` in it) names; a located error when nothing. */
  resolve(ref: string, owner: string, path: readonly string[]): RefTarget;
}

export interface NamingContext {
  file: string;
  /** `definitions` or `$defs`, as the file has it (for error paths). */
  keyword: string;
}

/**
 * bufbuild's title for a message name: a space before each capital that starts a word
 * (`AgentCapabilities` → "Agent Capabilities", `APIKeySecurityScheme` → "API Key Security Scheme").
 * Only spaces are added, so removing them gives the name back.
 */
export function titleOf(name: string): string {
  let out = '';
  const upper = (c: string | undefined): boolean => c === undefined || (c >= 'A' && c <= 'Z');
  for (let i = 0; i < name.length; i++) {
    if (i > 0 && upper(name[i]) && !upper(name[i + 1])) out += ' ';
    out += name[i];
  }
  return out;
}

/** The full name in a bufbuild schema file name (`lf.a2a.v1.Task.jsonschema.json`, also `.schema`, `.strict`, `.bundle` variants). */
export function fileIdName(id: string): string | undefined {
  return /^(?:\.\/)?([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\.(?:jsonschema|schema)(?:\.strict)?(?:\.bundle)?\.json$/.exec(id)?.[1];
}

/** Proto style: package segments are lower case, message names capitalized (`lf.a2a.v1` + `Outer.Inner`). */
function splitFullName(full: string): { pkg: string | undefined; local: string } {
  const segments = full.split('.');
  let i = 0;
  while (i < segments.length - 1 && /^[a-z]/.test(segments[i])) i++;
  return { pkg: i ? segments.slice(0, i).join('.') : undefined, local: segments.slice(i).join('.') };
}

const IDENTIFIER_PATH = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

export function nameDefinitions(definitions: Record<string, JsonSchema>, ctx: NamingContext): DefinitionNames {
  const fail = (message: string, key: string, path: readonly string[] = []): never => {
    throw new InputError(message, { file: ctx.file }, jsonPath(ctx.keyword, key, path));
  };
  const keys = new Set(Object.keys(definitions));
  const keyOfFullName = new Map<string, string>();
  for (const key of keys) {
    const full = fileIdName(key);
    if (full) keyOfFullName.set(full, key);
  }

  /** The definition a full name means: its file-name key, else its title (v1.0.x), its name or its full name. */
  const byFullName = (full: string): RefTarget | undefined => {
    const wellKnown = wellKnownName(full);
    if (wellKnown) return { wellKnown };
    const keyed = keyOfFullName.get(full);
    if (keyed) return { key: keyed };
    const { local } = splitFullName(full);
    const short = local.split('.').at(-1)!;
    const key = [titleOf(short), local, short, full].find((k) => keys.has(k));
    return key === undefined ? undefined : { key };
  };
  type Parsed = RefTarget | { self: true } | { dangling: string } | { unsupported: true };
  const parse = (ref: string): Parsed => {
    // bufbuild writes a message's reference to itself as `#` in the schema of its own file.
    if (ref === '#') return { self: true };
    const local = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
    const target = local ? decodePointerSegment(local[1]) : ref;
    if (target === undefined) return { unsupported: true };
    if (local && keys.has(target)) return { key: target };
    const full = fileIdName(target);
    if (full)
      return byFullName(full) ?? { dangling: `it names the message ${full}, and no definition is keyed or titled so ("${titleOf(full.split('.').at(-1)!)}")` };
    if (!local) return { unsupported: true };
    // A full name (`#/$defs/lf.a2a.v1.Task`) where the keys have none.
    const qualified = target.includes('.') && IDENTIFIER_PATH.test(target) ? byFullName(target) : undefined;
    return qualified ?? { dangling: `there is no definition "${target}"` };
  };

  // The full names the references give each definition keyed by title: its name comes from them.
  const fullNamesOf = new Map<string, Set<string>>();
  for (const [key, def] of Object.entries(definitions)) {
    forEachSubschema(def, (sub, path) => {
      if (sub.$ref === undefined) return;
      if (typeof sub.$ref !== 'string') fail('$ref is not a string', key, path);
      const target = fileIdName((sub.$ref as string).replace(/^#\/(?:\$defs|definitions)\//, ''));
      const parsed = target ? byFullName(target) : undefined;
      if (target && parsed && 'key' in parsed && !fileIdName(parsed.key)) {
        const set = fullNamesOf.get(parsed.key) ?? new Set<string>();
        fullNamesOf.set(parsed.key, set.add(target));
      }
    });
  }

  const names = new Map<string, string>();
  const wellKnown = new Map<string, string>();
  let pkg: string | undefined;
  for (const [key, def] of Object.entries(definitions)) {
    const given = fullNamesOf.get(key);
    if (given && given.size > 1)
      fail(`${[...given].sort().join(' and ')} are both titled "${key}", and the bundle keeps one schema under that title: which is meant cannot be told`, key);
    // A full name from the key (a file name, or a name with or without its package) or from the references to it.
    const full = fileIdName(key) ?? (given ? [...given][0] : IDENTIFIER_PATH.test(key) ? key : undefined);
    const compact = key.replace(/ /g, '');
    const hasFields = isPlainObject(def.properties) && Object.keys(def.properties).length > 0;
    // clean_schema_names.py strips `google.protobuf.` as it strips the package: `Struct` is the well-known type when it has no fields.
    const bare = wellKnownName(`google.protobuf.${compact}`);
    if (full && wellKnownName(full)) wellKnown.set(key, wellKnownName(full)!);
    else if (bare && !hasFields && (full === undefined || full === compact) && (key === compact || titleOf(compact) === key)) wellKnown.set(key, bare);
    else if (full) {
      const split = splitFullName(full);
      pkg ??= split.pkg;
      names.set(key, split.local);
    } else if (IDENTIFIER_PATH.test(compact) && titleOf(compact) === key) names.set(key, compact);
    else
      fail(
        `cannot tell which message definition "${key}" is: its key is neither a message name nor one in words (as protoc-gen-jsonschema titles them), and no $ref names it`,
        key,
      );
  }
  const owners = new Map<string, string>();
  for (const [key, name] of names) {
    const other = owners.get(name);
    if (other !== undefined) fail(`definitions "${other}" and "${key}" both stand for the message ${name}`, key);
    owners.set(name, key);
  }

  const resolve = (ref: string, owner: string, path: readonly string[]): RefTarget => {
    const parsed = parse(ref);
    if ('self' in parsed) return { key: owner };
    if ('key' in parsed) return wellKnown.has(parsed.key) ? { wellKnown: wellKnown.get(parsed.key)! } : parsed;
    if ('wellKnown' in parsed) return parsed;
    if ('dangling' in parsed) return fail(`dangling $ref "${ref}": ${parsed.dangling}`, owner, path);
    return fail(
      `unsupported $ref "${ref}": only this file's own definitions (#/${ctx.keyword}/Name) and protoc-gen-jsonschema's file names (lf.a2a.v1.Name.jsonschema.json) are read`,
      owner,
      path,
    );
  };
  return { names, wellKnown, package: pkg, resolve };
}

/** `definitions["Agent Card"].properties.status.anyOf[0]`: numeric segments as indexes. */
export function jsonPath(keyword: string, key: string, path: readonly string[]): string {
  return formatJsonPath([keyword, key, ...path.map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s))]);
}
