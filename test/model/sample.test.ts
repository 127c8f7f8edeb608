// Example values from JSON Schemas (generator/model/sample.ts), for scaffolded handlers and
// documentation: what the schema offers first, else the smallest valid value.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../generator/json-schema.js';
import { fromPattern, sample, type SampleOptions } from '../../generator/model/sample.js';

const string = { type: 'string' } as const;
const node: JsonSchema = { type: 'object', required: ['child'], properties: { child: { $ref: '#/definitions/Node' } } };
/** What a schema whose every level requires the next gives: 13 levels, then null (the depth limit). */
const nested = (levels: number): unknown => (levels === 0 ? null : { child: nested(levels - 1) });

describe('sample', () => {
  it.each<{ name: string; given: [JsonSchema | undefined, SampleOptions?]; want: unknown }>([
    // What the schema offers, in this order.
    { name: 'no schema', given: [undefined], want: null },
    { name: 'an empty schema', given: [{}], want: {} },
    { name: 'const (even null)', given: [{ const: null, type: 'string' }], want: null },
    { name: 'the first example', given: [{ type: 'string', examples: ['e1', 'e2'], default: 'd' }], want: 'e1' },
    { name: 'an object example is skipped', given: [{ type: 'string', examples: [{ a: 1 }] }], want: 'example' },
    { name: 'default', given: [{ type: 'integer', default: 5, enum: [1] }], want: 5 },
    { name: 'the first enum value', given: [{ enum: ['b', 'a'] }], want: 'b' },
    { name: 'the first branch of a union', given: [{ anyOf: [{ type: 'integer' }, string] }], want: 1 },
    { name: 'oneOf too', given: [{ oneOf: [{ type: 'boolean' }, string] }], want: true },
    {
      name: 'allOf of objects merges them',
      given: [
        {
          allOf: [
            { type: 'object', required: ['a'], properties: { a: string } },
            { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } },
          ],
        },
      ],
      want: { a: 'example', b: 1 },
    },
    { name: 'allOf of non-objects: the first', given: [{ allOf: [{ type: 'integer', minimum: 3 }, { type: 'integer' }] }], want: 3 },
    // Objects: required properties only, friendly strings by name.
    {
      name: 'required properties only',
      given: [{ type: 'object', required: ['a'], properties: { a: string, b: string } }],
      want: { a: 'example' },
    },
    {
      name: 'strings named like what they hold',
      given: [
        {
          type: 'object',
          required: ['text', 'taskId', 'url', 'displayName', 'other'],
          properties: { text: string, taskId: string, url: string, displayName: string, other: string },
        },
      ],
      want: { text: 'Hello', taskId: 'taskId-1', url: 'https://example.com/', displayName: 'Example', other: 'example' },
    },
    { name: 'properties inferred as an object', given: [{ required: ['n'], properties: { n: { type: 'number' } } }], want: { n: 1 } },
    {
      name: 'optional properties named like Object.prototype members are filled in',
      given: [{ type: 'object', properties: { constructor: string, toString: { type: 'boolean' }, other: string } }],
      want: { constructor: 'example', toString: true },
    },
    { name: 'a required property the schema does not describe', given: [{ type: 'object', required: ['x'] }], want: { x: {} } },
    // Arrays.
    { name: 'one item by default', given: [{ type: 'array', items: string }], want: ['example'] },
    { name: 'minItems items', given: [{ type: 'array', minItems: 3, items: { type: 'integer' } }], want: [1, 1, 1] },
    { name: 'minItems 0 still shows an item', given: [{ type: 'array', minItems: 0, items: { type: 'integer' } }], want: [1] },
    { name: 'maxItems 0 is an empty array', given: [{ type: 'array', maxItems: 0, items: { type: 'integer' } }], want: [] },
    { name: 'no items schema', given: [{ type: 'array' }], want: [] },
    { name: 'inferred from items', given: [{ items: { type: 'boolean' } }], want: [true] },
    {
      name: 'items do not take the property name',
      given: [{ type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: string } } }],
      want: { ids: ['example'] },
    },
    // Strings.
    { name: 'a format', given: [{ type: 'string', format: 'date-time' }], want: '2025-01-01T12:00:00Z' },
    { name: 'an unknown format', given: [{ type: 'string', format: 'x-custom' }], want: 'example' },
    { name: 'a pattern', given: [{ type: 'string', pattern: '^[A-Z]{3}$' }], want: 'AAA' },
    { name: 'a pattern it cannot follow', given: [{ type: 'string', pattern: '^\\p{Lu}+$' }], want: 'example' },
    { name: 'minLength pads', given: [{ type: 'string', minLength: 10 }], want: 'examplexxx' },
    { name: 'maxLength cuts', given: [{ type: 'string', maxLength: 3 }], want: 'exa' },
    // Numbers.
    { name: 'an integer', given: [{ type: 'integer' }], want: 1 },
    { name: 'minimum', given: [{ type: 'integer', minimum: 5 }], want: 5 },
    { name: 'maximum below 1', given: [{ type: 'number', maximum: 0 }], want: 0 },
    { name: 'exclusiveMinimum (integer)', given: [{ type: 'integer', exclusiveMinimum: 1 }], want: 2 },
    { name: 'exclusiveMaximum (integer)', given: [{ type: 'integer', exclusiveMaximum: 0 }], want: -1 },
    { name: 'a range below zero', given: [{ type: 'integer', minimum: -10, maximum: -5 }], want: -5 },
    { name: 'a fractional range', given: [{ type: 'number', minimum: 0.2, maximum: 0.7 }], want: 0.7 },
    { name: 'an integer under a fractional maximum', given: [{ type: 'integer', maximum: 0.5 }], want: 0 },
    { name: 'multipleOf', given: [{ type: 'integer', minimum: 3, multipleOf: 2 }], want: 4 },
    // Other types.
    { name: 'boolean', given: [{ type: 'boolean' }], want: true },
    { name: 'null', given: [{ type: 'null' }], want: null },
    { name: 'a nullable string is a string', given: [{ type: ['null', 'string'] }], want: 'example' },
    { name: 'only null', given: [{ type: ['null'] }], want: null },
    // References.
    {
      name: '#/definitions/X from the definitions',
      given: [{ $ref: '#/definitions/Task' }, { definitions: { Task: { type: 'object', required: ['id'], properties: { id: string } } } }],
      want: { id: 'id-1' },
    },
    { name: 'a local pointer into the root', given: [{ $ref: '#/$defs/P' }, { root: { $defs: { P: { type: 'integer', minimum: 7 } } } }], want: 7 },
    { name: 'a pointer with ~1 and ~0', given: [{ $ref: '#/$defs/a~1b~0c' }, { root: { $defs: { 'a/b~c': { const: 'found' } } } }], want: 'found' },
    { name: 'a percent-encoded pointer', given: [{ $ref: '#/$defs/a%20b' }, { root: { $defs: { 'a b': { const: 'found' } } } }], want: 'found' },
    { name: 'a malformed percent-encoding resolves to nothing', given: [{ $ref: '#/$defs/%E0' }, { root: { $defs: {} } }], want: {} },
    { name: 'siblings of $ref win', given: [{ $ref: '#/definitions/S', default: 'mine' }, { definitions: { S: string } }], want: 'mine' },
    { name: 'an unresolvable reference', given: [{ $ref: '#/definitions/Nope' }, { definitions: {} }], want: {} },
    { name: 'a reference to itself', given: [{ $ref: '#/definitions/A' }, { definitions: { A: { $ref: '#/definitions/A' } } }], want: {} },
    { name: 'a recursive object stops at depth 12', given: [node, { definitions: { Node: node } }], want: nested(13) },
  ])('$name', ({ given: [schema, opts], want }) => {
    // Compared as JSON text: key order is part of what a reader sees.
    expect(JSON.stringify(sample(schema, opts))).toBe(JSON.stringify(want));
  });

  it('a property named __proto__ is an own property, and the prototype stays', () => {
    const schema = JSON.parse('{"type":"object","required":["__proto__"],"properties":{"__proto__":{"type":"integer"}}}');
    const got = sample(schema) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.hasOwn(got, '__proto__')).toBe(true);
    expect(JSON.stringify(got)).toBe('{"__proto__":1}');
  });
});

describe('fromPattern (the shortest string a simple pattern accepts)', () => {
  it.each<{ given: string; want: string | undefined }>([
    { given: '^[a-z]+$', want: 'a' },
    { given: '^\\d{3}-\\d{4}$', want: '000-0000' },
    { given: '^\\w+@\\w+\\.com$', want: 'a@a.com' },
    { given: '^(ab|cd)+$', want: 'ab' },
    { given: '^(?:x){2}$', want: 'xx' },
    { given: '^[a-z]{2,}$', want: 'aa' },
    { given: '^[a-z]{2,5}$', want: 'aa' },
    { given: '^a*b?c$', want: 'c' },
    { given: 'abc|def', want: 'abc' },
    { given: '^[^a]$', want: '0' },
    { given: '^[^0-9]$', want: 'a' },
    { given: '^[\\-x]$', want: '-' },
    { given: '^.\\s\\S\\D\\W$', want: 'a aa-' },
    { given: '^$', want: '' },
    { given: '^é+$', want: 'é' },
    { given: '^\\p{L}+$', want: undefined }, // not followed: the candidate fails the real test
    { given: '^[', want: undefined }, // not a regular expression
    { given: '(', want: undefined },
    // A string of hundreds of megabytes is not an example: past 1000 characters it gives up.
    { given: '^x{200000000}$', want: undefined },
    { given: '^((x{1000}){1000}){50}$', want: undefined },
    { given: '^x{1000}$', want: 'x'.repeat(1000) },
  ])('$given → $want', ({ given, want }) => {
    expect(fromPattern(given)).toBe(want);
  });
});
