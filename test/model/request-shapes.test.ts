// The request shapes the model derives for the runtime's request reader: given a schema's
// definitions and the params roots, what each object may hold.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../generator/json-schema.js';
import { deriveRequestShapes } from '../../generator/model/request-shapes.js';
import { loadExample } from '../helpers/examples.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });

describe('deriveRequestShapes', () => {
  it.each<[string, Record<string, JsonSchema>, Record<string, Record<string, string>>, unknown]>([
    [
      'fields by JSON name; objects and lists of them read further; scalars, maps and Struct as they are',
      {
        Req: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            msg: ref('Msg'),
            list: { type: 'array', items: ref('Msg') },
            meta: { type: 'object', additionalProperties: {} },
          },
        },
        Msg: { type: 'object', properties: { text: { type: 'string' } } },
      },
      {},
      { Msg: { fields: { text: 0 } }, Req: { fields: { id: 0, msg: 'Msg', list: 'Msg', meta: 0 } } },
    ],
    [
      'proto names of the fields that have one',
      { Req: { type: 'object', properties: { taskId: { type: 'string' }, id: { type: 'string' } } } },
      { Req: { taskId: 'task_id' } },
      { Req: { fields: { taskId: 0, id: 0 }, protoNames: { task_id: 'taskId' } } },
    ],
    [
      'a union with a discriminator: its branches by value',
      {
        Req: { type: 'object', properties: { part: ref('Part') } },
        Part: { anyOf: [ref('TextPart'), ref('DataPart')] },
        TextPart: { type: 'object', properties: { kind: { const: 'text' }, text: { type: 'string' } } },
        DataPart: { type: 'object', properties: { kind: { const: 'data' }, data: {} } },
      },
      {},
      {
        DataPart: { fields: { kind: 0, data: 0 } },
        Part: { fields: {}, union: { discriminator: 'kind', branches: { text: 'TextPart', data: 'DataPart' } } },
        Req: { fields: { part: 'Part' } },
        TextPart: { fields: { kind: 0, text: 0 } },
      },
    ],
    [
      "a union without one: every branch's fields; an inline object gets its owner's name",
      {
        Req: {
          type: 'object',
          properties: {
            file: {
              anyOf: [
                { type: 'object', properties: { bytes: {} } },
                { type: 'object', properties: { uri: {} } },
              ],
            },
          },
        },
      },
      {},
      {
        Req: { fields: { file: 'Req.file' } },
        'Req.file': { fields: { bytes: 0, uri: 0 } },
        'Req.file.0': { fields: { bytes: 0 } },
        'Req.file.1': { fields: { uri: 0 } },
      },
    ],
    [
      'additional properties allowed beside the fields: unknown ones are data, kept (open)',
      { Req: { type: 'object', properties: { a: {} }, additionalProperties: true } },
      {},
      { Req: { fields: { a: 0 }, open: true } },
    ],
    ['a message that holds itself', { Req: { type: 'object', properties: { child: ref('Req'), n: {} } } }, {}, { Req: { fields: { child: 'Req', n: 0 } } }],
  ])('%s', (_, definitions, fieldNames, want) => {
    expect(deriveRequestShapes(definitions, ['Req'], fieldNames)).toEqual(want);
  });

  it('v1.0: SendMessageRequest down to its parts, with the proto names of the bundled proto', async () => {
    const { protocol } = await loadExample('hello-v1');
    const shapes = protocol.requestShapes;
    expect(shapes.SendMessageRequest.fields).toMatchObject({ message: 'Message', configuration: 'SendMessageConfiguration', metadata: 0 });
    expect(shapes.Message.protoNames).toMatchObject({ message_id: 'messageId', context_id: 'contextId', task_id: 'taskId' });
    expect(shapes.Part).toEqual({
      fields: { text: 0, raw: 0, url: 0, data: 0, metadata: 0, filename: 0, mediaType: 0 },
      protoNames: { media_type: 'mediaType' },
    });
    expect(protocol.methods.every((m) => !m.paramsType || Object.hasOwn(shapes, m.paramsType))).toBe(true);
  });

  it('v0.3.0: parts by `kind`, no proto names', async () => {
    const { protocol } = await loadExample('hello', '0.3.0');
    expect(protocol.requestShapes.Part.union).toEqual({ discriminator: 'kind', branches: { text: 'TextPart', file: 'FilePart', data: 'DataPart' } });
    expect(Object.values(protocol.requestShapes).some((s) => s.protoNames)).toBe(false);
  });
});
