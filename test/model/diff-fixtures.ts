// Small hand-made protocol models for the diff tests (test/model/diff*.test.ts).
import type { JsonSchema } from '../../generator/json-schema.js';
import type { ErrorModel } from '../../generator/model/error-catalogue.js';
import type { MethodModel } from '../../generator/model/methods.js';
import type { ProtocolModel } from '../../generator/model/protocol.js';

export type Given = Partial<ProtocolModel>;

export const model = (over: Given, version: string): ProtocolModel =>
  ({
    version,
    name: `v${version}`,
    origin: 'test',
    definitions: {},
    syntheticDefinitions: [],
    methods: [],
    errors: [],
    discriminator: 'kind',
    wellKnownPaths: ['/.well-known/agent-card.json'],
    extendedCard: { via: 'none' },
    features: {},
    specUrl: 'https://example.com/spec',
    rules: {},
    ...over,
  }) as ProtocolModel;

export const method = (name: string, over: Partial<MethodModel> = {}): MethodModel => ({
  name,
  role: 'custom',
  requestDefinition: 'XRequest',
  paramsType: 'XParams',
  paramsRequired: true,
  resultType: 'XResult',
  streaming: false,
  clientName: 'x',
  ...over,
});
export const error = (code: number, definition: string): ErrorModel =>
  ({ code, definition, className: definition, key: definition, defaultMessage: definition }) as ErrorModel;
export const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: 'object', properties, required });
export const str: JsonSchema = { type: 'string' };
