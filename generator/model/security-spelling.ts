// What a v0.x security field met in a v1.0 manifest is spelled as in v1.0. Copying a v0.x
// example into a v1.0 manifest gave only "has no field \"type\"": v1.0 writes a scheme as the one
// kind it is (a SecurityScheme oneof: `httpAuthSecurityScheme`, `apiKeySecurityScheme`, …) and
// its requirements as `securityRequirements`, and these hints write the manifest's own values so.
import { stringify } from 'yaml';
import { isPlainObject, type JsonSchema } from '../json-schema.js';

/** The v0.x scheme `type` → the v1.0 SecurityScheme member, and how its fields are renamed. */
const V1_KINDS: Record<string, { member: string; fields: Record<string, string> }> = {
  http: { member: 'httpAuthSecurityScheme', fields: { scheme: 'scheme', bearerFormat: 'bearerFormat', description: 'description' } },
  apiKey: { member: 'apiKeySecurityScheme', fields: { in: 'location', name: 'name', description: 'description' } },
  oauth2: { member: 'oauth2SecurityScheme', fields: { flows: 'flows', oauth2MetadataUrl: 'oauth2MetadataUrl', description: 'description' } },
  openIdConnect: { member: 'openIdConnectSecurityScheme', fields: { openIdConnectUrl: 'openIdConnectUrl', description: 'description' } },
  mutualTLS: { member: 'mtlsSecurityScheme', fields: { description: 'description' } },
};

/**
 * "; in v1.0 write …" for a card field the version lacks when it is v0.x security spelling and the
 * version spells it the v1.0 way; undefined otherwise.
 */
export function v1SecuritySpelling(path: (string | number)[], card: Record<string, unknown>, definitions: Record<string, JsonSchema>): string | undefined {
  const has = (definition: string, field: string): boolean => {
    const properties = definitions[definition]?.properties;
    return isPlainObject(properties) && Object.hasOwn(properties, field);
  };
  const [top, name, field] = path;
  if (top === 'securitySchemes' && typeof name === 'string' && path.length === 3 && has('SecurityScheme', 'httpAuthSecurityScheme')) {
    const schemes = isPlainObject(card.securitySchemes) ? card.securitySchemes : {};
    const scheme = Object.hasOwn(schemes, name) ? schemes[name] : undefined;
    if (!isPlainObject(scheme) || typeof scheme.type !== 'string') return undefined;
    if (field !== 'type') return `; it belongs to v0.x's spelling of a scheme: see agent.securitySchemes.${name}.type for v1.0's`;
    const kind = V1_KINDS[scheme.type];
    if (!kind)
      return `; v1.0 writes a scheme as one of ${Object.values(V1_KINDS)
        .map((k) => k.member)
        .join(', ')}`;
    const fields = Object.fromEntries(Object.entries(kind.fields).flatMap(([from, to]) => (scheme[from] === undefined ? [] : [[to, scheme[from]]])));
    return `; in v1.0 a scheme is the one kind it is: ${flow(name, { [kind.member]: fields })}`;
  }
  if (top === 'security' && path.length === 1 && Array.isArray(card.security) && has('AgentCard', 'securityRequirements')) {
    const requirements = card.security.filter(isPlainObject).map((requirement) => ({
      schemes: Object.fromEntries(Object.entries(requirement).map(([scheme, scopes]) => [scheme, { list: Array.isArray(scopes) ? scopes : [] }])),
    }));
    return `; in v1.0 it is securityRequirements, each requirement's schemes under \`schemes\` and their scopes in \`list\`: ${flow('securityRequirements', requirements)}`;
  }
  if (top === 'supportsAuthenticatedExtendedCard' && path.length === 1 && has('AgentCapabilities', 'extendedAgentCard'))
    return `; in v1.0 it is ${flow('capabilities', { extendedAgentCard: card.supportsAuthenticatedExtendedCard })}`;
  return undefined;
}

/** `key: value` as one line of YAML, as a manifest could hold it. */
const flow = (key: string, value: unknown): string => `${key}: ${stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim()}`;
