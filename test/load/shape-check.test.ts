// The manifest and Agent Card checker (generator/load/shape-check.ts): one readable finding
// per mistake, with its path, and for unions the finding of the branch the user meant.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../generator/json-schema.js';
import { checkShape, type CheckOptions, type Finding } from '../../generator/load/shape-check.js';

const loose: CheckOptions = { definitions: {}, strict: false };
const strict: CheckOptions = { definitions: {}, strict: true };
const invalid = (message: string, path: Finding['path'] = []): Finding => ({ path, message, kind: 'invalid' });

const securityScheme: JsonSchema = {
  oneOf: [
    { type: 'object', required: ['type', 'name'], properties: { type: { const: 'apiKey' }, name: { type: 'string' } } },
    { type: 'object', required: ['type', 'scheme'], properties: { type: { const: 'http' }, scheme: { type: 'string' } } },
  ],
};
/** A schema whose `a` is itself, to nest values as deep as wanted. */
const recursive: JsonSchema = { type: 'object', properties: { a: { $ref: '#' } } };
const nest = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : { a: nest(levels - 1, leaf) });

describe('checkShape', () => {
  it.each<{ name: string; given: [value: unknown, schema: JsonSchema | boolean, opts?: CheckOptions]; want: Finding[] }>([
    // Types and values.
    { name: 'a matching value', given: ['x', { type: 'string' }], want: [] },
    { name: 'a wrong type', given: ['x', { type: 'integer' }], want: [invalid('expected integer, got string')] },
    { name: 'a fraction is no integer', given: [1.5, { type: 'integer' }], want: [invalid('expected integer, got number')] },
    { name: 'NaN is named as such', given: [Number.NaN, { type: 'number' }], want: [invalid('expected number, got NaN')] },
    { name: 'so is Infinity (YAML .inf)', given: [Infinity, { type: ['number', 'null'] }], want: [invalid('expected number or null, got Infinity')] },
    { name: 'null and arrays by name', given: [[null], { type: 'array', items: { type: 'object' } }], want: [invalid('expected object, got null', [0])] },
    { name: 'const', given: ['a', { const: 'b' }], want: [invalid('expected "b", got "a"')] },
    {
      name: 'enum, with the value meant',
      given: ['strem', { enum: ['stream', 'poll'] }],
      want: [invalid('expected one of "stream", "poll", got "strem"; did you mean "stream"?')],
    },
    { name: 'enum, nothing close', given: [7, { enum: [1, 2] }], want: [invalid('expected one of 1, 2, got 7')] },
    { name: 'boolean schema true', given: [{ anything: 1 }, true], want: [] },
    { name: 'boolean schema false', given: [1, false], want: [invalid('no value is allowed here')] },
    // Strings and numbers.
    { name: 'an empty string', given: ['', { type: 'string', minLength: 1 }], want: [invalid('expected a non-empty string')] },
    { name: 'too short', given: ['ab', { type: 'string', minLength: 3 }], want: [invalid('expected at least 3 characters')] },
    { name: 'too long', given: ['abcd', { type: 'string', maxLength: 3 }], want: [invalid('expected at most 3 characters, got 4')] },
    { name: 'a pattern', given: ['a1', { type: 'string', pattern: '^[a-z]+$' }], want: [invalid('expected a string matching /^[a-z]+$/')] },
    { name: 'a unicode pattern', given: ['é', { type: 'string', pattern: '^\\p{L}$' }], want: [] },
    {
      name: 'every bound broken at once',
      given: [5, { type: 'integer', minimum: 6, maximum: 4, exclusiveMinimum: 5, exclusiveMaximum: 5 }],
      want: [invalid('expected ≥ 6, got 5'), invalid('expected ≤ 4, got 5'), invalid('expected > 5, got 5'), invalid('expected < 5, got 5')],
    },
    // Arrays.
    { name: 'minItems', given: [[], { type: 'array', minItems: 1 }], want: [invalid('expected at least 1 item(s), got 0')] },
    { name: 'maxItems', given: [[1, 2], { type: 'array', maxItems: 1 }], want: [invalid('expected at most 1 item(s), got 2')] },
    {
      name: 'items, by index',
      given: [['a', 2, 'c', 4], { type: 'array', items: { type: 'string' } }],
      want: [invalid('expected string, got integer', [1]), invalid('expected string, got integer', [3])],
    },
    // Objects.
    {
      name: 'a missing field',
      given: [{}, { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }],
      want: [{ path: [], message: 'required field "name" is missing', kind: 'missing', field: 'name' }],
    },
    {
      name: 'a typo of a missing field is one finding, at the key written',
      given: [{ nmae: 'x' }, { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }],
      want: [
        {
          path: ['nmae'],
          message: 'unknown field "nmae"; did you mean "name"? (a required field)',
          kind: 'unknown',
          known: ['name'],
          suggestion: 'name',
          field: 'name',
        },
      ],
    },
    {
      name: 'an unknown field in strict mode, with a suggestion',
      given: [{ name: 'x', nmae: 'y' }, { type: 'object', properties: { name: { type: 'string' } } }, strict],
      want: [{ path: ['nmae'], message: 'unknown field "nmae"; did you mean "name"?', kind: 'unknown', known: ['name'], suggestion: 'name' }],
    },
    {
      name: 'an unknown field in strict mode, nothing close',
      given: [{ colour: 1 }, { type: 'object', properties: { name: { type: 'string' } } }, strict],
      want: [{ path: ['colour'], message: 'unknown field "colour"', kind: 'unknown', known: ['name'], suggestion: undefined }],
    },
    { name: 'unknown fields are fine when not strict', given: [{ colour: 1 }, { type: 'object', properties: { name: { type: 'string' } } }], want: [] },
    {
      name: 'additionalProperties: false, even when not strict',
      given: [{ colour: 1 }, { type: 'object', properties: {}, additionalProperties: false }],
      want: [{ path: ['colour'], message: 'unknown field "colour"', kind: 'unknown', known: [], suggestion: undefined }],
    },
    {
      name: 'additionalProperties as a schema',
      given: [{ a: 1, b: 'x' }, { type: 'object', additionalProperties: { type: 'string' } }, strict],
      want: [invalid('expected string, got integer', ['a'])],
    },
    {
      name: 'patternProperties',
      given: [
        { 'x-a': 1, y: 2 },
        { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
      ],
      want: [invalid('expected string, got integer', ['x-a'])],
    },
    {
      name: 'a __proto__ key is an unknown field like any other',
      given: [JSON.parse('{"__proto__": {"polluted": true}}'), { type: 'object', properties: { name: { type: 'string' } } }, strict],
      want: [{ path: ['__proto__'], message: 'unknown field "__proto__"', kind: 'unknown', known: ['name'], suggestion: undefined }],
    },
    {
      name: 'Object.prototype names are neither declared nor present by inheritance',
      given: [{ constructor: 1 }, { type: 'object', required: ['toString'], properties: {} }, strict],
      want: [
        { path: [], message: 'required field "toString" is missing', kind: 'missing', field: 'toString' },
        { path: ['constructor'], message: 'unknown field "constructor"', kind: 'unknown', known: [], suggestion: undefined },
      ],
    },
    {
      name: 'a declared __proto__ is checked',
      given: [JSON.parse('{"__proto__": 1}'), JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}')],
      want: [invalid('expected string, got integer', ['__proto__'])],
    },
    // References.
    {
      name: '#/definitions/X',
      given: [1, { $ref: '#/definitions/Name' }, { definitions: { Name: { type: 'string' } }, strict: false }],
      want: [invalid('expected string, got integer')],
    },
    {
      name: '#/$defs/X',
      given: [1, { $ref: '#/$defs/Name' }, { definitions: { Name: { type: 'string' } }, strict: false }],
      want: [invalid('expected string, got integer')],
    },
    {
      name: 'a percent-encoded name',
      given: [1, { $ref: '#/definitions/A%20B' }, { definitions: { 'A B': { type: 'string' } }, strict: false }],
      want: [invalid('expected string, got integer')],
    },
    { name: 'a malformed percent-encoding resolves to nothing', given: [1, { $ref: '#/definitions/%E0' }, loose], want: [] },
    { name: 'an unknown reference accepts anything', given: [1, { $ref: '#/definitions/Nope' }, loose], want: [] },
    { name: '# is the root', given: [nest(3, 'x'), recursive, { ...loose, root: recursive }], want: [invalid('expected object, got string', ['a', 'a', 'a'])] },
    { name: 'nesting deeper than 64 is not followed', given: [nest(100, 'x'), recursive, { ...loose, root: recursive }], want: [] },
    // Unions and allOf.
    { name: 'a union one branch accepts', given: [{ type: 'http', scheme: 'bearer' }, securityScheme], want: [] },
    {
      name: 'a union: the branch its discriminator names',
      given: [{ type: 'apiKey' }, securityScheme],
      want: [{ path: [], message: 'required field "name" is missing', kind: 'missing', field: 'name' }],
    },
    {
      name: 'a union: a discriminator no branch has',
      given: [{ type: 'apikey', name: 'x' }, securityScheme],
      want: [invalid('expected one of "apiKey", "http", got "apikey"; did you mean "apiKey"?', ['type'])],
    },
    { name: 'a union: no discriminator', given: [{ name: 'x' }, securityScheme], want: [invalid('expected one of "apiKey", "http", it is missing', ['type'])] },
    {
      name: 'a union of scalars: the closest branch',
      given: [5, { anyOf: [{ type: 'string' }, { type: 'boolean' }] }],
      want: [invalid('expected string, got integer')],
    },
    {
      name: 'allOf: every part',
      given: [{}, { allOf: [{ required: ['a'] }, { required: ['b'] }] }],
      want: [
        { path: [], message: 'required field "a" is missing', kind: 'missing', field: 'a' },
        { path: [], message: 'required field "b" is missing', kind: 'missing', field: 'b' },
      ],
    },
  ])('$name', ({ given: [value, schema, opts = loose], want }) => {
    expect(checkShape(value, schema as JsonSchema, opts)).toEqual(want);
  });
});
