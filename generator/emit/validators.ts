// emit/validators: ajv standalone code for every method's params and result, the Agent Card
// and each skill's input/output. References stay shared functions (`inlineRefs: false`), so
// each definition is compiled once however many validators use it, and ajv's runtime helpers
// are replaced by a small emitted module: the output runs with ajv absent.
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { cloneJson, forEachSubschema, isPlainObject, nestSchema, type JsonSchema } from '../json-schema.js';
import { validatorName } from '../model/names.js';
import { skillPayloads } from '../model/agent.js';
import { extensionPayloads, type MetadataKind } from '../model/extensions.js';
import type { EmitContext } from './context.js';
import { tsDoc, tsPropertyKey, tsString } from './escape.js';
import { validatorExports } from '../runtime-symbols.js';
import { generatorFile, type GeneratedFile } from './generated-file.js';
import { compiledValidator, GENERATED, schemaType, skillType, validatorsIndexExports } from './generated-symbols.js';
import { TsFile } from './ts-file.js';
import { VALIDATOR_FORMATS } from './validator-formats.js';

/** ajv's runtime helpers, mapped to the names our emitted `ajv-runtime.ts` exports. */
const RUNTIME_HELPERS: Record<string, string> = {
  'ajv/dist/runtime/ucs2length': 'ucs2length',
  'ajv/dist/runtime/equal': 'equal',
};

/**
 * Every schema the generated code validates, compiled once per generation: the validators
 * emitter turns it into standalone code, and the docs emitter checks its examples with it.
 */
export interface SchemaSet {
  ajv: Ajv;
  /** Export name → schema reference (`a2a#/definitions/X`, `skills#/definitions/Y`). */
  refs: Record<string, string>;
  /** `a2a:<Definition>` / `skill:<id>:input|output` / `extension:message|artifact:<uri>` → export name. */
  exportsByKey: Map<string, string>;
  protocolTargets: string[];
  /** Checks a value against a protocol definition (`a2a:<Definition>`) or a skill schema (`skill:<id>:input`). */
  accepts(key: string, value: unknown): boolean;
}

export function compileSchemas(ctx: Pick<EmitContext, 'protocol' | 'agent'>): SchemaSet {
  const { protocol, agent } = ctx;
  const protocolTargets = new Set<string>(['AgentCard']);
  for (const m of protocol.methods) {
    if (m.paramsType) protocolTargets.add(m.paramsType);
    protocolTargets.add(m.resultType);
  }
  const exportsByKey = new Map<string, string>();
  const refs: Record<string, string> = {};
  const exportName = (subject: string): string => {
    let name = validatorName(subject);
    for (let i = 2; name in refs; i++) name = `${validatorName(subject)}${i}`;
    return name;
  };
  for (const def of [...protocolTargets].sort()) {
    const name = exportName(def);
    refs[name] = `a2a#/definitions/${encodeURIComponent(def)}`;
    exportsByKey.set(`a2a:${def}`, name);
  }
  const skillDefs: Record<string, JsonSchema> = {};
  for (const { skill, kind, name: key, schema } of skillPayloads(agent.skills)) {
    skillDefs[key] = nestSchema(schema, `skills#/definitions/${key}`);
    const name = exportName(`skill${key}`);
    refs[name] = `skills#/definitions/${key}`;
    exportsByKey.set(`skill:${skill.id}:${kind}`, name);
  }
  // Extensions' metadata schemas (model/extensions.ts) sit beside the skills': their names end in `Metadata`, a skill's in `Input`/`Output`.
  for (const { extension, kind, name: key, schema } of extensionPayloads(agent.extensions)) {
    skillDefs[key] = nestSchema(schema, `skills#/definitions/${key}`);
    const name = exportName(`extension${key}`);
    refs[name] = `skills#/definitions/${key}`;
    exportsByKey.set(`extension:${kind}:${extension.uri}`, name);
  }
  // Inputs are checked already (the schema is official, skill schemas pass load/payload-schemas.ts):
  // no meta-schema validation, which would cost more than compiling. Validation stops at the
  // first finding, as Fastify's does: with allErrors, ajv concatenates the findings of every
  // `$ref` call, which makes a hostile array of N bad items cost O(N²) — minutes for 16 k items.
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: false, optimize: 1 },
    // ajv tests `data.name !== undefined`, which a property named like a member every object
    // inherits (`constructor`, `toString`) always passes: an optional one would be checked when
    // absent (and fail), a required one never found missing. Own-property checks cost a call per
    // property, so only schemas that use such a name get them.
    ownProperties: namesInheritedMembers([...Object.values(protocol.definitions), ...Object.values(skillDefs)]),
    allErrors: false,
    strict: false,
    meta: false,
    validateSchema: false,
    inlineRefs: false,
    logger: false,
    formats: VALIDATOR_FORMATS,
  });
  ajv.addSchema({ $id: 'a2a', definitions: withoutAnnotations(protocol.definitions) });
  ajv.addSchema({ $id: 'skills', definitions: withoutAnnotations(skillDefs) });
  const accepts = (key: string, value: unknown): boolean => {
    const [area, ...rest] = key.split(':');
    const ref = area === 'a2a' ? `a2a#/definitions/${encodeURIComponent(rest.join(':'))}` : refs[exportsByKey.get(key) ?? ''];
    const validate = ref ? ajv.getSchema(ref) : undefined;
    return validate ? validate(value) === true : false;
  };
  return { ajv, refs, exportsByKey, protocolTargets: [...protocolTargets].sort(), accepts };
}

export function emitValidators(ctx: EmitContext, schemas: SchemaSet): GeneratedFile[] {
  const compiled = compact(replaceRuntimeRequires(standalone.default(schemas.ajv, schemas.refs)));
  return [
    generatorFile(GENERATED.compiledValidators, `// @ts-nocheck — ajv standalone output (plain JavaScript); typed by ./index.ts.\n${compiled}\n`),
    validatorIndex(ctx, schemas.protocolTargets, schemas.exportsByKey),
  ];
}

/** Whether a schema names a property that every object inherits (Object.prototype's members). */
function namesInheritedMembers(schemas: JsonSchema[]): boolean {
  const inherited = (name: unknown): boolean => typeof name === 'string' && Object.hasOwn(Object.prototype, name);
  let found = false;
  for (const schema of schemas)
    forEachSubschema(schema, (sub) => {
      if (isPlainObject(sub.properties) && Object.keys(sub.properties).some(inherited)) found = true;
      if (Array.isArray(sub.required) && sub.required.some(inherited)) found = true;
    });
  return found;
}

/** Keywords that never affect validation; ajv would otherwise embed them in schema constants. */
const ANNOTATIONS = ['description', 'title', 'examples', '$comment', 'default', 'readOnly', 'writeOnly', 'deprecated'];

function withoutAnnotations(definitions: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const copy = cloneJson(definitions);
  for (const def of Object.values(copy)) forEachSubschema(def, (sub) => ANNOTATIONS.forEach((k) => delete sub[k]));
  return copy;
}

/**
 * ajv's error objects carry `schemaPath`, which the issue format never reports: dropping it
 * keeps the module small (the v0.3.0 validators stay well under 150 kB).
 */
function compact(code: string): string {
  return code.replace(/,schemaPath:"(?:[^"\\]|\\.)*"/g, '');
}

function replaceRuntimeRequires(code: string): string {
  const out = code.replace(/const (\w+) = require\("([^"]+)"\)\.default;/g, (whole, local: string, module: string) => {
    const helper = RUNTIME_HELPERS[module];
    if (!helper) throw new Error(`a2a-gen: ajv standalone code needs ${module}, which the generated runtime does not provide`);
    return `import { ${helper} as ${local} } from './ajv-runtime.js';`;
  });
  if (/\brequire\(/.test(out)) throw new Error('a2a-gen: ajv standalone code still calls require()');
  return out;
}

function validatorIndex(ctx: EmitContext, protocolTargets: string[], exportsByKey: Map<string, string>): GeneratedFile {
  const file = new TsFile(GENERATED.validators);
  for (const symbol of Object.values(validatorsIndexExports)) file.declare(symbol);
  const typed = file.import(validatorExports.typed);
  const protocolEntries = protocolTargets.map((def) => {
    const type = file.importType(schemaType(def));
    const fn = file.import(compiledValidator(exportsByKey.get(`a2a:${def}`)!));
    return `  ${tsPropertyKey(def)}: ${typed}<${type}>(${fn}),\n`;
  });
  const skillEntries = ctx.agent.skills.map((skill) => {
    const part = (kind: 'input' | 'output'): string => {
      const fn = exportsByKey.get(`skill:${skill.id}:${kind}`);
      if (!fn) return 'undefined';
      const type = file.importType(skillType(skill.names[kind]));
      return `${typed}<${type}>(${file.import(compiledValidator(fn))})`;
    };
    return `  ${tsPropertyKey(skill.id)}: { input: ${part('input')}, output: ${part('output')} },\n`;
  });
  const validator = file.importType(validatorExports.TypeValidator);
  const extensionEntries = ctx.agent.extensions.map((extension) => {
    const part = (kind: MetadataKind): string => {
      const fn = exportsByKey.get(`extension:${kind}:${extension.uri}`);
      if (!fn) return 'undefined';
      return `${typed}<${file.importType(skillType(extension.names[kind]))}>(${file.import(compiledValidator(fn))})`;
    };
    return `  ${tsPropertyKey(extension.uri)}: { message: ${part('message')}, artifact: ${part('artifact')} },\n`;
  });
  file.reexport([validatorExports.TypeValidator, validatorExports.ValidationIssue]);
  file.add(
    tsDoc("Validators for the protocol types the server and client check: every method's params and result, and the Agent Card."),
    `export const validators = {\n${protocolEntries.join('')}} as const;\n\n`,
    tsDoc("Validators of each skill's `input` / `output` payload, by skill id (`undefined` where the manifest declares no schema)."),
    `export const skillValidators = {\n${skillEntries.join('')}} as const;\n\n`,
    tsDoc(
      'Validators of the metadata each extension adds under its URI to a message / an artifact, by URI: the extensions of the manifest that give a `messageMetadata` or `artifactMetadata` schema (`undefined` where it gives none).',
    ),
    `export const extensionValidators: Record<string, { message?: ${validator}<unknown>; artifact?: ${validator}<unknown> } | undefined> = {\n${extensionEntries.join('')}};\n`,
  );
  return generatorFile(file.path, file.toString());
}
