// Typed extension data (an a2a-gen feature beyond the SDKs, issue 29): an extension the manifest
// gives a `messageMetadata` JSON Schema has the metadata a client's message carries under its URI
// checked on the way in on every binding — a bad value is -32602 (HTTP+JSON 400, gRPC
// INVALID_ARGUMENT) naming its JSON pointer — and reaches the handler typed through
// `context.extensionMetadata(uri)`; the generated client puts it on a message and reads it off
// a message or an artifact, checked. The schemas are the generator's: the served card has none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { grpcStub, PROTOS, rejection, unary, type GrpcStub } from '../helpers/grpc-client.js';
import { post } from '../helpers/http.js';
import { FIXTURES } from '../helpers/server.js';

type Loose = Record<string, any>;
const GEO = 'https://example.com/extensions/geolocation/v1';
const CITE = 'https://example.com/extensions/citations/v1';
/** `GEO` as a JSON pointer segment. */
const GEO_AT = '/message/metadata/https:~1~1example.com~1extensions~1geolocation~1v1';

const MANIFEST = readFileSync(join(FIXTURES, 'extension-metadata-v1.0.a2a.yaml'), 'utf8');

const V1 = { 'a2a-version': '1.0' };
const message = (metadata?: Loose): Loose => ({
  message: { messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'ROLE_USER', parts: [{ text: 'where am I?' }], ...(metadata ? { metadata } : {}) },
});
let url: string;
let grpcAddress: string;
let clientLib: Loose;
let stub: GrpcStub;
let close: () => Promise<void>;
let project: Awaited<ReturnType<typeof agentProject>>;

beforeAll(async () => {
  project = await agentProject('extension-metadata', MANIFEST);
  const { createA2AServer } = await project.load<any>('a2a/server/index.js');
  const locate = (ctx: { extensionMetadata(uri: string): { lat: number; lon: number } | undefined }) => {
    const at = ctx.extensionMetadata(GEO);
    return at ? `${at.lat},${at.lon}` : 'nowhere';
  };
  const server = createA2AServer({ skills: { locate }, logger: false });
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  url = listening.url;
  grpcAddress = listening.grpc.address;
  clientLib = await project.load<any>('a2a/client/index.js');
  stub = grpcStub(grpcAddress, PROTOS.v1, 'lf.a2a.v1.A2AService');
  close = () => server.close();
}, 60_000);
afterAll(() => close?.());

/** The path an error names in its google.rpc.ErrorInfo (v1.0 error details, JSON-RPC `data` and gRPC status alike). */
const pathOf = (details: Loose[] | undefined): string | undefined => details?.find((d) => String(d['@type']).endsWith('google.rpc.ErrorInfo'))?.metadata?.path;
const jsonRpc = (params: Loose) => post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params }), V1);
const rest = (params: Loose) =>
  fetch(`${url.replace(/\/$/, '')}/rest/message:send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...V1 },
    body: JSON.stringify(params),
  });
/** A google.protobuf.Struct (as the gRPC stub sends it) holding `value` under the extension's URI. */
const struct = (value: Loose): Loose => ({
  fields: {
    [GEO]: {
      structValue: { fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'number' ? { numberValue: v } : { stringValue: v }])) },
    },
  },
});

describe('typed extension metadata on the way in', () => {
  it('JSON-RPC: a bad value is -32602 naming its JSON pointer; a good one reaches the handler', async () => {
    const refused = await jsonRpc(message({ [GEO]: { lat: 'north', lon: 2 } }));
    expect(refused.body.error.code).toBe(-32602);
    expect(pathOf(refused.body.error.data)).toBe(`${GEO_AT}/lat`);
    expect(refused.body.error.message).toContain(`${GEO_AT}/lat`);
    const missing = await jsonRpc(message({ [GEO]: { lat: 1 } }));
    expect(pathOf(missing.body.error.data)).toBe(GEO_AT);
    expect(missing.body.error.message).toMatch(/lon/);
    const served = await jsonRpc(message({ [GEO]: { lat: 48.85, lon: 2.35 }, other: 'kept as it is' }));
    expect(served.body.result.message.parts[0].text).toBe('48.85,2.35');
    // Absent: the handler reads undefined; other metadata is not the extension's to judge.
    expect((await jsonRpc(message({ other: { lat: 'north' } }))).body.result.message.parts[0].text).toBe('nowhere');
  });

  it('HTTP+JSON: a bad value is 400 naming its path', async () => {
    const refused = await rest(message({ [GEO]: { lat: 91, lon: 0 } }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`${GEO_AT}/lat`);
    const served = await rest(message({ [GEO]: { lat: -33.9, lon: 151.2 } }));
    expect(served.status).toBe(200);
    expect((await served.json()).message.parts[0].text).toBe('-33.9,151.2');
  });

  it('gRPC: a bad value is INVALID_ARGUMENT naming its path', async () => {
    const failure = await rejection(unary(stub, 'SendMessage', message(struct({ lat: 'north', lon: 2 })), V1));
    expect(failure.code).toBe(3);
    expect(pathOf(failure.status?.details)).toBe(`${GEO_AT}/lat`);
    // grpc-message is percent-encoded only where PROTOCOL-HTTP2.md says: @grpc/grpc-js shows the path as sent.
    expect(failure.details).toContain(`${GEO_AT}/lat`);
    const served = await unary(stub, 'SendMessage', message(struct({ lat: 10, lon: 20 })), V1);
    expect(served.message.parts[0].text).toBe('10,20');
  });

  it('the served card declares the extensions without their metadata schemas', async () => {
    const card = await (await fetch(`${url.replace(/\/$/, '')}/.well-known/agent-card.json`)).json();
    expect(card.capabilities.extensions).toEqual([
      { uri: GEO, description: 'Where the user is.' },
      { uri: CITE, description: 'Sources of an answer.', params: { style: 'apa' } },
    ]);
  });
});

describe('the generated client', () => {
  for (const binding of ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const) {
    it(`puts an extension's metadata on a message with withExtensionMetadata (${binding})`, async () => {
      const endpoint = binding === 'GRPC' ? grpcAddress : binding === 'HTTP+JSON' ? `${url.replace(/\/$/, '')}/rest` : url;
      const client = new clientLib.A2AClient({ url: endpoint, binding });
      const sent = clientLib.withExtensionMetadata(clientLib.createMessage('user', 'where?'), GEO, { lat: 1.5, lon: -2.5 });
      expect(clientLib.messageExtensionMetadata(sent, GEO)).toEqual({ lat: 1.5, lon: -2.5 });
      const answer = await client.sendMessage({ message: sent });
      expect(answer.message.parts[0].text).toBe('1.5,-2.5');
      const bad = clientLib.withExtensionMetadata(clientLib.createMessage('user', 'where?'), GEO, { lat: 'north' });
      await expect(client.sendMessage({ message: bad })).rejects.toThrow(/lat|lon/);
    });
  }

  it("reads a returned artifact's metadata checked against its schema: undefined when absent, an error naming the path when it does not match", () => {
    const artifact = { artifactId: 'a', parts: [], metadata: { [CITE]: { sources: ['https://example.org/a'] } } };
    expect(clientLib.artifactExtensionMetadata(artifact, CITE)).toEqual({ sources: ['https://example.org/a'] });
    expect(clientLib.artifactExtensionMetadata({ artifactId: 'b', parts: [] }, CITE)).toBeUndefined();
    const wrong = { artifactId: 'c', parts: [], metadata: { [CITE]: { sources: 'one' } } };
    expect(() => clientLib.artifactExtensionMetadata(wrong, CITE)).toThrow(clientLib.A2AResponseValidationError);
    expect(() => clientLib.artifactExtensionMetadata(wrong, CITE)).toThrow('/metadata/https:~1~1example.com~1extensions~1citations~1v1/sources');
  });
});

describe('typed extension metadata on the way out', () => {
  let citing: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const { createA2AServer } = await project.load<any>('a2a/server/index.js');
    // Publishes an artifact citing its sources: as the schema says ("good"), or a string where it wants a list.
    const locate = (ctx: { text: string }, events: Loose) => {
      if (ctx.text.startsWith('working')) events.working('looking it up');
      const sources = ctx.text === 'good' ? ['https://example.org/a'] : 'https://example.org/a';
      events.artifact({ parts: [{ text: 'here' }], metadata: { [CITE]: { sources } } }, { artifactId: 'answer' });
      return events.complete();
    };
    const server = createA2AServer({ skills: { locate }, logger: false });
    citing = (await server.listen({ port: 0, host: '127.0.0.1' })).url;
    stop = () => server.close();
  });
  afterAll(() => stop?.());

  const send = async (text: string): Promise<Loose> => {
    const params = { message: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }] } };
    return (await post(citing, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params }), V1)).body;
  };

  it("an artifact whose metadata does not match the extension's artifactMetadata schema is refused, naming the path: -32006, or its task fails", async () => {
    const good = await send('good');
    expect(clientLib.artifactExtensionMetadata(good.result.task.artifacts[0], CITE)).toEqual({ sources: ['https://example.org/a'] });
    const at = '/artifact/metadata/https:~1~1example.com~1extensions~1citations~1v1/sources';
    // The artifact is the run's first event: there is no task yet, and the send is answered with the error.
    const refused = await send('bad');
    expect(refused.error.code).toBe(-32006);
    expect(refused.error.message).toContain(`${at} must be array`);
    // A task under way fails with the reason, and keeps no such artifact.
    const failed = (await send('working, then bad')).result.task;
    expect(failed.status.state).toBe('TASK_STATE_FAILED');
    expect(failed.artifacts ?? []).toEqual([]);
    expect(JSON.stringify(failed.status.message)).toContain(at);
  });
});
