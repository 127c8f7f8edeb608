// What changed between two protocol models (generator/model/diff.ts), on small hand-made
// models: one case per kind of change, and whether it breaks code written for the old one.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../generator/json-schema.js';
import { diffProtocols, typeSignature, type Change } from '../../generator/model/diff.js';
import { error, method, model, object, str, type Given } from './diff-fixtures.js';

describe('diffProtocols', () => {
  it.each<{ name: string; given: [a: Given, b: Given]; want: Change[] }>([
    {
      name: 'nothing changed',
      given: [
        { methods: [method('m')], definitions: { T: object({ a: str }) } },
        { methods: [method('m')], definitions: { T: object({ a: str }) } },
      ],
      want: [],
    },
    // Methods.
    {
      name: 'a method added (and one that streams)',
      given: [
        {},
        { methods: [method('tasks/list', { clientName: 'listTasks' }), method('message/stream', { clientName: 'sendMessageStream', streaming: true })] },
      ],
      want: [
        { area: 'method', change: 'added', subject: 'tasks/list', detail: 'client: listTasks()', breaking: false },
        { area: 'method', change: 'added', subject: 'message/stream', detail: 'client: sendMessageStream(), streaming', breaking: false },
      ],
    },
    {
      name: 'a method removed breaks',
      given: [{ methods: [method('tasks/send', { clientName: 'sendTask' })] }, {}],
      want: [{ area: 'method', change: 'removed', subject: 'tasks/send', detail: 'client: sendTask()', breaking: true }],
    },
    {
      name: 'params, result and streaming changed',
      given: [
        { methods: [method('m', { paramsType: undefined, resultType: 'Task' })] },
        { methods: [method('m', { paramsType: 'P', resultType: 'Message', streaming: true })] },
      ],
      want: [
        { area: 'method', change: 'changed', subject: 'm', detail: 'params none → P', breaking: true },
        { area: 'method', change: 'changed', subject: 'm', detail: 'result Task → Message', breaking: true },
        { area: 'method', change: 'changed', subject: 'm', detail: 'now streams', breaking: true },
      ],
    },
    {
      name: 'no longer streams',
      given: [{ methods: [method('m', { streaming: true })] }, { methods: [method('m')] }],
      want: [{ area: 'method', change: 'changed', subject: 'm', detail: 'no longer streams', breaking: true }],
    },
    {
      name: 'a result renamed between two synthetic definitions is no change',
      given: [
        { methods: [method('m', { resultType: 'MResult' })], syntheticDefinitions: ['MResult'] },
        { methods: [method('m', { resultType: 'MResponseResult' })], syntheticDefinitions: ['MResponseResult'] },
      ],
      want: [],
    },
    // The card and the Part.
    {
      name: 'the well-known path moved, the old one still served',
      given: [{ wellKnownPaths: ['/.well-known/agent.json'] }, { wellKnownPaths: ['/.well-known/agent-card.json', '/.well-known/agent.json'] }],
      want: [
        {
          area: 'card',
          change: 'changed',
          subject: 'well-known path',
          detail: '/.well-known/agent.json → /.well-known/agent-card.json (the old path stays served for older clients)',
          breaking: true,
        },
      ],
    },
    {
      name: 'the well-known path moved',
      given: [{ wellKnownPaths: ['/a.json'] }, { wellKnownPaths: ['/b.json'] }],
      want: [{ area: 'card', change: 'changed', subject: 'well-known path', detail: '/a.json → /b.json', breaking: true }],
    },
    {
      name: 'the extended card moved from HTTP to a method',
      given: [
        { extendedCard: { via: 'http', path: 'agent/authenticatedExtendedCard' } },
        { extendedCard: { via: 'method', method: 'agent/getAuthenticatedExtendedCard' } },
      ],
      want: [
        {
          area: 'card',
          change: 'changed',
          subject: 'authenticated extended card',
          detail: 'HTTP GET agent/authenticatedExtendedCard → JSON-RPC method agent/getAuthenticatedExtendedCard',
          breaking: true,
        },
      ],
    },
    {
      name: 'an extended card where there was none breaks nothing',
      given: [{}, { extendedCard: { via: 'method', method: 'card/get' } }],
      want: [{ area: 'card', change: 'changed', subject: 'authenticated extended card', detail: 'none → JSON-RPC method card/get', breaking: false }],
    },
    {
      name: 'the Part discriminator',
      given: [{ discriminator: 'type' }, { discriminator: 'kind' }],
      want: [{ area: 'part', change: 'changed', subject: 'Part discriminator', detail: '"type" → "kind"', breaking: true }],
    },
    // Types.
    {
      name: 'types added and removed, sorted; synthetic ones left out',
      given: [
        { definitions: { Zed: str, Old: str, SynA: str }, syntheticDefinitions: ['SynA'] },
        { definitions: { Zed: str, New2: str, New1: str, SynB: str }, syntheticDefinitions: ['SynB'] },
      ],
      want: [
        { area: 'type', change: 'added', subject: 'New1', breaking: false },
        { area: 'type', change: 'added', subject: 'New2', breaking: false },
        { area: 'type', change: 'removed', subject: 'Old', breaking: true },
      ],
    },
    {
      name: 'enum values of a type',
      given: [{ definitions: { TaskState: { enum: ['working', 'failed'] } } }, { definitions: { TaskState: { enum: ['working', 'rejected'] } } }],
      want: [
        { area: 'enum', change: 'added', subject: 'TaskState', detail: '"rejected"', breaking: false },
        { area: 'enum', change: 'removed', subject: 'TaskState', detail: '"failed"', breaking: true },
      ],
    },
    // Fields.
    {
      name: 'fields added: optional, and required (breaking)',
      given: [{ definitions: { T: object({}) } }, { definitions: { T: object({ b: str, a: str }, ['b']) } }],
      want: [
        { area: 'field', change: 'added', subject: 'T.a', detail: 'optional', breaking: false },
        { area: 'field', change: 'added', subject: 'T.b', detail: 'required', breaking: true },
      ],
    },
    {
      name: 'a field removed',
      given: [{ definitions: { T: object({ a: str }) } }, { definitions: { T: object({}) } }],
      want: [{ area: 'field', change: 'removed', subject: 'T.a', breaking: true }],
    },
    {
      name: 'now required, now optional',
      given: [{ definitions: { T: object({ a: str, b: str }, ['b']) } }, { definitions: { T: object({ a: str, b: str }, ['a']) } }],
      want: [
        { area: 'field', change: 'changed', subject: 'T.a', detail: 'now required', breaking: true },
        { area: 'field', change: 'changed', subject: 'T.b', detail: 'now optional', breaking: false },
      ],
    },
    {
      name: 'a default changed, added, dropped',
      given: [
        { definitions: { T: object({ a: { type: 'integer', default: 1 }, b: { type: 'integer' }, c: { type: 'boolean', default: false } }) } },
        { definitions: { T: object({ a: { type: 'integer', default: 2 }, b: { type: 'integer', default: 0 }, c: { type: 'boolean' } }) } },
      ],
      want: [
        { area: 'field', change: 'changed', subject: 'T.a', detail: 'default 1 → 2', breaking: false },
        { area: 'field', change: 'changed', subject: 'T.b', detail: 'default none → 0', breaking: false },
        { area: 'field', change: 'changed', subject: 'T.c', detail: 'default false → none', breaking: false },
      ],
    },
    {
      name: 'a field retyped',
      given: [{ definitions: { T: object({ a: str }) } }, { definitions: { T: object({ a: { type: 'array', items: str } }) } }],
      want: [{ area: 'field', change: 'changed', subject: 'T.a', detail: 'type string → string[]', breaking: true }],
    },
    {
      name: 'a union field gains a member (fine) and loses one (breaks)',
      given: [
        { definitions: { T: object({ p: { anyOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/B' }] } }) } },
        { definitions: { T: object({ p: { anyOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/C' }] } }) } },
      ],
      want: [
        { area: 'field', change: 'changed', subject: 'T.p', detail: 'may now also be C', breaking: false },
        { area: 'field', change: 'changed', subject: 'T.p', detail: 'can no longer be B', breaking: true },
      ],
    },
    {
      name: 'enum values of a field',
      given: [{ definitions: { T: object({ role: { enum: ['user'] } }) } }, { definitions: { T: object({ role: { enum: ['user', 'agent'] } }) } }],
      want: [{ area: 'enum', change: 'added', subject: 'T.role', detail: '"agent"', breaking: false }],
    },
    {
      name: 'fields named like Object.prototype members are fields like any other',
      given: [{ definitions: { T: object({ toString: str }) } }, { definitions: { T: object({ constructor: str }) } }],
      want: [
        { area: 'field', change: 'added', subject: 'T.constructor', detail: 'optional', breaking: false },
        { area: 'field', change: 'removed', subject: 'T.toString', breaking: true },
      ],
    },
    // Errors.
    {
      name: 'errors added, removed and renamed',
      given: [
        { errors: [error(-32001, 'TaskNotFoundError'), error(-32002, 'OldError')] },
        { errors: [error(-32001, 'TaskMissingError'), error(-32007, 'NewError')] },
      ],
      want: [
        { area: 'error', change: 'added', subject: '-32007', detail: 'NewError', breaking: false },
        { area: 'error', change: 'changed', subject: '-32001', detail: 'TaskNotFoundError → TaskMissingError', breaking: true },
        { area: 'error', change: 'removed', subject: '-32002', detail: 'OldError', breaking: true },
      ],
    },
  ])('$name', ({ given: [a, b], want }) => {
    const diff = diffProtocols(model(a, '1.0.0'), model(b, '2.0.0'));
    expect(diff).toEqual({ from: '1.0.0', to: '2.0.0', fromName: 'v1.0.0', toName: 'v2.0.0', changes: want });
  });
});

describe('typeSignature', () => {
  it.each<{ given: JsonSchema | undefined; want: string }>([
    { given: undefined, want: 'any' },
    { given: {}, want: 'any' },
    { given: { type: 'string' }, want: 'string' },
    { given: { $ref: '#/definitions/Task' }, want: 'Task' },
    { given: { const: 'kind' }, want: '"kind"' },
    { given: { const: null }, want: 'null' },
    { given: { enum: ['a', 'b'] }, want: 'enum' },
    { given: { anyOf: [{ $ref: '#/definitions/B' }, { $ref: '#/definitions/A' }] }, want: 'A | B' },
    { given: { oneOf: [{ type: 'integer' }, { type: 'string' }] }, want: 'integer | string' },
    { given: { type: ['string', 'null'] }, want: 'null | string' },
    { given: { type: 'array', items: { $ref: '#/definitions/Part' } }, want: 'Part[]' },
    { given: { type: 'array', items: { type: 'array', items: { type: 'integer' } } }, want: 'integer[][]' },
    { given: { type: 'array' }, want: 'any[]' },
    { given: { type: 'object', additionalProperties: { type: 'string' } }, want: 'map<string>' },
    { given: { type: 'object' }, want: 'object' },
  ])('$given → $want', ({ given, want }) => {
    expect(typeSignature(given)).toBe(want);
  });
});
