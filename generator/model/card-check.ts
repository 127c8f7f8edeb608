// Checks the card built from `agent` + `skills` (card.ts) against the chosen version's AgentCard,
// strictly: a field that version lacks is an error naming the versions that do have it, and a
// field no version has is checked for a typo of one the card does have.
import { formatJsonPath, InputError } from '../diagnostics.js';
import { definitionName, isPlainObject, type JsonSchema } from '../json-schema.js';
import { locatedError, type Manifest } from '../load/manifest.js';
import { checkShape, type Finding } from '../load/shape-check.js';
import type { SchemaHistory } from '../load/spec-history.js';
import { closestName, didYouMean } from '../suggest.js';
import { advertisesExtendedCard, derivedCardFields, GENERATOR_SKILL_FIELDS, servesThroughInterfaces } from './card.js';
import { skillNames } from './names.js';
import type { ProtocolModel } from './protocol.js';
import { deriveSecurity } from './security.js';
import { v1SecuritySpelling } from './security-spelling.js';

/**
 * A card field the chosen version lacks. What its message adds depends on the other bundled
 * versions — which of them have the field, else which field was meant — and reading them costs
 * more than a run needs, so they are read (load/spec-history.ts) only when such an error is
 * reported, and `explain` finishes the message.
 */
export class UnknownCardField extends InputError {
  constructor(
    private readonly finding: Finding,
    at: InputError,
    label: string,
    /** What the field is spelled as in this version, when it is known without the history (security-spelling.ts). */
    private readonly spelling = '',
  ) {
    super(`${label} has no field "${String(finding.path.at(-1))}" here`, at.location, at.path, at.excerpt);
  }

  explain(history: SchemaHistory): InputError {
    return new InputError(this.message + unknownNote(this.finding, history) + this.spelling, this.location, this.path, this.excerpt);
  }
}

/** Every mistake of `card` (card.ts), located in the manifest; empty when the card fits the version. */
export function cardErrors(manifest: Manifest, card: Record<string, unknown>, protocol: ProtocolModel): InputError[] {
  const doc = manifest.document;
  const errors: InputError[] = [];
  for (const field of Object.keys(derivedCardFields(protocol))) {
    if (field in manifest.agent)
      errors.push(locatedError(doc, ['agent', field], `a2a-gen derives "${field}" from the spec version; remove it from the manifest`, true));
  }
  errors.push(...checkSkillNames(manifest), ...checkSecurity(manifest));
  if (manifest.server.tenant !== undefined && !servesThroughInterfaces(protocol))
    errors.push(locatedError(doc, ['server', 'tenant'], `a tenant is a field of v1.0's AgentInterface; A2A ${protocol.name} has none (use spec: '1.0')`));
  const restAt = manifest.server.bindings?.indexOf('rest') ?? -1;
  if (restAt >= 0 && !protocol.rest)
    errors.push(
      locatedError(
        doc,
        ['server', 'bindings', restAt],
        `A2A ${protocol.name} defines no HTTP+JSON binding (it has one from v0.3.0); serve jsonrpc only, or use spec: 0.3.0 or later`,
      ),
    );
  const grpcAt = manifest.server.bindings?.indexOf('grpc') ?? -1;
  if (grpcAt >= 0 && !protocol.grpc) errors.push(locatedError(doc, ['server', 'bindings', grpcAt], noGrpc(protocol, protocol.proto !== undefined)));
  if (manifest.server.cardSigning && !protocol.cardForm)
    errors.push(
      locatedError(
        doc,
        ['server', 'cardSigning'],
        `${protocol.version === 'unknown' ? 'this schema' : `A2A v${protocol.version}`}'s cards carry no signatures (they do from v0.3.0); remove cardSigning or use spec: 0.3.0 or later`,
      ),
    );
  const findings = checkShape(card, protocol.definitions.AgentCard, { definitions: protocol.definitions, strict: true });
  const label = `A2A ${protocol.name}`;
  for (const f of findings) {
    const where = toManifestPath(f.path);
    if (f.kind === 'missing') {
      // Located at the object that lacks the field; the path names the field itself.
      const at = locatedError(doc, where, '', true);
      errors.push(new InputError(`required by ${label}, and missing`, at.location, formatJsonPath([...where, f.field!])));
      continue;
    }
    if (f.kind === 'unknown')
      errors.push(new UnknownCardField(f, locatedError(doc, where, '', true), label, v1SecuritySpelling(f.path, card, protocol.definitions)));
    else errors.push(locatedError(doc, where, f.message));
  }
  return errors;
}

/**
 * Why a field is unknown: it belongs to other versions (then it is no typo), or it is close to
 * one this version has — for a skill, the generator's own fields count too (`inptu` → `input`).
 */
function unknownNote(f: Finding, history: SchemaHistory): string {
  const versions = versionsNote(f.path, history);
  if (versions) return versions;
  const name = String(f.path.at(-1));
  if (name === '__proto__') return "; no A2A version has it (JavaScript reserves the name for an object's prototype)";
  const isSkillField = f.path.length === 3 && f.path[0] === 'skills';
  const suggestion = f.suggestion ?? closestName(name, [...(f.known ?? []), ...(isSkillField ? GENERATOR_SKILL_FIELDS : [])]);
  return suggestion === undefined
    ? '; no published A2A version has it'
    : `; did you mean "${suggestion}"?${f.field === suggestion ? ' (a required field)' : ''}`;
}

/**
 * Security mistakes that would silently open the agent: a requirement naming a scheme that
 * is not declared (a typo would otherwise drop the requirement), and an "authenticated"
 * extended card on an agent that authenticates no one.
 */
function checkSecurity(manifest: Manifest): InputError[] {
  const { agent, document: doc } = manifest;
  const errors: InputError[] = [];
  const declared = isPlainObject(agent.securitySchemes) ? Object.keys(agent.securitySchemes) : [];
  // v0.x `security: [{ name: [] }]`, v1.0 `securityRequirements: [{ schemes: { name: { list: [] } } }]`.
  const requirements: { names: string[]; at: (name: string) => (string | number)[] }[] = [];
  if (Array.isArray(agent.security))
    agent.security.forEach((req, i) => isPlainObject(req) && requirements.push({ names: Object.keys(req), at: (name) => ['agent', 'security', i, name] }));
  if (Array.isArray(agent.securityRequirements))
    agent.securityRequirements.forEach(
      (req, i) =>
        isPlainObject(req) &&
        isPlainObject(req.schemes) &&
        requirements.push({ names: Object.keys(req.schemes), at: (name) => ['agent', 'securityRequirements', i, 'schemes', name] }),
    );
  for (const { names, at } of requirements) {
    for (const name of names) {
      if (declared.includes(name)) continue;
      const known = declared.length > 0 ? `declared: ${declared.map((d) => JSON.stringify(d)).join(', ')}` : 'agent.securitySchemes declares none';
      errors.push(
        locatedError(
          doc,
          at(name),
          `security requirement names scheme ${JSON.stringify(name)}, which agent.securitySchemes does not declare (${known})${didYouMean(name, declared)}`,
          true,
        ),
      );
    }
  }
  if (advertisesExtendedCard(agent) && deriveSecurity(agent).requirements.length === 0) {
    errors.push(
      locatedError(
        doc,
        agent.supportsAuthenticatedExtendedCard === true ? ['agent', 'supportsAuthenticatedExtendedCard'] : ['agent', 'capabilities', 'extendedAgentCard'],
        'an authenticated extended card needs securitySchemes (and security) saying who may read it; without them it would be served to anyone',
      ),
    );
  }
  return errors;
}

/** Card paths map back to the manifest: `skills[i]…` stays, everything else lives under `agent`. */
function toManifestPath(path: (string | number)[]): (string | number)[] {
  return path[0] === 'skills' ? path : ['agent', ...path];
}

function checkSkillNames(manifest: Manifest): InputError[] {
  const errors: InputError[] = [];
  const byValue = new Map<string, number>();
  const byFile = new Map<string, number>();
  manifest.skills.forEach((skill, i) => {
    if (typeof skill.id !== 'string') return; // the manifest's own check reports it
    const names = skillNames(skill.id);
    if (!names) {
      errors.push(
        locatedError(manifest.document, ['skills', i, 'id'], `skill id ${JSON.stringify(skill.id)} has no letters or digits to name its handler after`),
      );
      return;
    }
    const clash = byValue.get(names.value) ?? byFile.get(names.file);
    if (clash !== undefined) {
      errors.push(
        locatedError(
          manifest.document,
          ['skills', i, 'id'],
          `skill id ${JSON.stringify(skill.id)} collides with skills[${clash}].id ${JSON.stringify(manifest.skills[clash].id)}: both become "${names.value}" (${names.handlerModule}); rename one`,
        ),
      );
    }
    byValue.set(names.value, i);
    byFile.set(names.file, i);
  });
  return errors;
}

/** "; it exists in v0.2.0–v0.3.0" — which bundled versions declare this field at this path ('' for none). */
function versionsNote(path: (string | number)[], history: SchemaHistory): string {
  const having = history.filter((h) => schemaHasPath(h.definitions, h.definitions.AgentCard, path)).map((h) => h.version);
  if (having.length === 0) return '';
  const all = history.map((h) => h.version);
  const contiguous = having.every((v, i) => i === 0 || all.indexOf(v) === all.indexOf(having[i - 1]) + 1);
  const list = contiguous && having.length > 2 ? `v${having[0]}–v${having.at(-1)}` : having.map((v) => `v${v}`).join(', ');
  return `; it exists in ${list}`;
}

function schemaHasPath(defs: Record<string, JsonSchema>, schema: JsonSchema | undefined, path: (string | number)[]): boolean {
  let candidates: JsonSchema[] = schema ? [schema] : [];
  for (const seg of path) {
    const next: JsonSchema[] = [];
    const expand = (s: JsonSchema, depth = 0): void => {
      if (depth > 16) return;
      if (typeof s.$ref === 'string') {
        const name = definitionName(s.$ref);
        const target = name !== undefined && Object.hasOwn(defs, name) ? defs[name] : undefined;
        if (target) expand(target, depth + 1);
        return;
      }
      for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) expand(alt, depth + 1);
      if (typeof seg === 'number' && isPlainObject(s.items)) next.push(s.items);
      if (typeof seg === 'string') {
        // Own properties only: `properties.__proto__` would otherwise find Object.prototype, and a
        // manifest key `__proto__` was said to exist in every version.
        if (isPlainObject(s.properties) && Object.hasOwn(s.properties, seg) && isPlainObject(s.properties[seg])) next.push(s.properties[seg]);
        else if (isPlainObject(s.additionalProperties)) next.push(s.additionalProperties);
      }
    };
    candidates.forEach((c) => expand(c));
    candidates = next;
    if (candidates.length === 0) return false;
  }
  return true;
}

/** Why a version has no gRPC to serve: none before v0.3.0; an a2a.json made from a proto lacks the wire form of its messages. */
function noGrpc(protocol: ProtocolModel, fromProto: boolean): string {
  if (fromProto)
    return 'an a2a.json made from a proto does not say how its messages are written in binary, which gRPC needs; serve gRPC from the a2a.proto itself (spec: 1.0, or its path)';
  const label = `A2A ${protocol.name}`;
  return `${label} defines no gRPC binding (it has one from v0.3.0); serve jsonrpc${protocol.rest ? ' and rest' : ''} only, or use spec: 0.3.0 or later`;
}
