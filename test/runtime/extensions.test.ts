// Extensions a request activates (spec v1.0 §3.2.6, §4.6): the A2A-Extensions service parameter
// — an HTTP header on JSON-RPC and HTTP+JSON, `a2a-extensions` metadata on gRPC — names the
// extensions the client wants; those the card declares reach the executor as
// `context.extensions`, and a request that leaves out one the card marks `required` is refused
// with ExtensionSupportRequiredError (-32008; 400 / FAILED_PRECONDITION) on every binding.
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { grpcStub, metadataOf, PROTOS, unary, type GrpcFailure, type GrpcStub } from '../helpers/grpc-client.js';
import { post } from '../helpers/http.js';

type Loose = Record<string, any>;
const GEO = 'https://example.com/extensions/geolocation/v1';
const CITE = 'https://standards.org/extensions/citations/v1';

const MANIFEST = `spec: '1.0'
compat: [0.3.0]
agent:
  name: Extended Agent
  description: Requires one extension, offers another.
  version: 1.0.0
  url: http://127.0.0.1:41393/
  capabilities:
    streaming: true
    extensions:
      - { uri: '${GEO}', description: Where the user is., required: true }
      - { uri: '${CITE}', description: Sources of the answer. }
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: echo
    name: Echo
    description: Answers with the extensions active for the request.
    tags: [test]
server:
  bindings: [jsonrpc, rest, grpc]
  grpcPort: 0
`;

const V1 = { 'a2a-version': '1.0' };
const message = (text: string): Loose => ({ message: { messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'ROLE_USER', parts: [{ text }] } });
let url: string;
let grpcAddress: string;
let clientLib: Loose;
let stub: GrpcStub;
let close: () => Promise<void>;

beforeAll(async () => {
  const project = await agentProject('extensions-v1', MANIFEST);
  const { createA2AServer } = await project.load<any>('a2a/server/index.js');
  // Answers with the extensions offered to it, and activates the citations one when it is offered (a message saying "cite").
  const echo = (ctx: { extensions: readonly string[]; text: string; activateExtension(uri: string): boolean }) => {
    if (ctx.text === 'cite') ctx.activateExtension(CITE);
    if (ctx.text === 'unknown') return String(ctx.activateExtension('https://unknown.example/ext'));
    return ctx.extensions.join(' ') || 'none';
  };
  const server = createA2AServer({ skills: { echo }, logger: false });
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  url = listening.url;
  grpcAddress = listening.grpc.address;
  clientLib = await project.load<any>('a2a/client/index.js');
  stub = grpcStub(listening.grpc.address, PROTOS.v1, 'lf.a2a.v1.A2AService');
  close = () => server.close();
}, 60_000);
afterAll(() => close?.());

const jsonRpc = (headers: Record<string, string>, text = 'hi') =>
  post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: message(text) }), { ...V1, ...headers });

describe('A2A-Extensions', () => {
  it('JSON-RPC: without the required extension -32008 naming it; with it, the declared ones the request names reach the executor', async () => {
    const refused = await jsonRpc({});
    expect(refused.body.error).toMatchObject({ code: -32008 });
    expect(JSON.stringify(refused.body.error)).toContain(GEO);
    const served = await jsonRpc({ 'a2a-extensions': ` ${GEO}, https://unknown.example/ext ,${CITE}` });
    expect(served.body.result.message.parts[0].text).toBe(`${GEO} ${CITE}`);
    expect((await jsonRpc({ 'a2a-extensions': GEO })).body.result.message.parts[0].text).toBe(GEO);
  });

  it('HTTP+JSON: 400 with ExtensionSupportRequired without it, served with it', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${url.replace(/\/$/, '')}/rest/message:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...V1, ...headers },
        body: JSON.stringify(message('hi')),
      });
    const refused = await send({});
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/EXTENSION_SUPPORT_REQUIRED/);
    const served = await send({ 'a2a-extensions': GEO });
    expect(served.status).toBe(200);
    expect((await served.json()).message.parts[0].text).toBe(GEO);
  });

  it('gRPC: FAILED_PRECONDITION with ErrorInfo EXTENSION_SUPPORT_REQUIRED without it; with the metadata, served', async () => {
    let failure: GrpcFailure | undefined;
    await unary(stub, 'SendMessage', message('hi'), V1).catch((err: GrpcFailure) => (failure = err));
    expect(failure?.code).toBe(9);
    expect(failure?.status?.details.find((d) => String(d['@type']).endsWith('ErrorInfo'))?.reason).toBe('EXTENSION_SUPPORT_REQUIRED');
    const served = await unary(stub, 'SendMessage', message('hi'), { ...V1, 'a2a-extensions': `${CITE},${GEO}` });
    expect(served.message.parts[0].text).toBe(`${CITE} ${GEO}`);
  });

  it('the answer names the activated extensions: a required one asked for, and one the handler activated; never one not asked for', async () => {
    const plain = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...V1, 'a2a-extensions': GEO }, body: rpcBody('hi') });
    expect(plain.headers.get('a2a-extensions')).toBe(GEO);
    const cited = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...V1, 'a2a-extensions': `${GEO},${CITE}` },
      body: rpcBody('cite'),
    });
    expect(cited.headers.get('a2a-extensions')).toBe(`${GEO}, ${CITE}`);
    // Not asked for: activating it does nothing.
    const unasked = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...V1, 'a2a-extensions': GEO },
      body: rpcBody('unknown'),
    });
    expect((await unasked.json()).result.message.parts[0].text).toBe('false');
    expect(unasked.headers.get('a2a-extensions')).toBe(GEO);

    const rest = await fetch(`${url.replace(/\/$/, '')}/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...V1, 'a2a-extensions': `${GEO},${CITE}` },
      body: JSON.stringify(message('cite')),
    });
    expect(rest.headers.get('a2a-extensions')).toBe(`${GEO}, ${CITE}`);

    const metadata = metadataOf({ ...V1, 'a2a-extensions': `${GEO},${CITE}` });
    const answered = await new Promise<string | undefined>((resolve, reject) => {
      let names: string | undefined;
      const call = (stub as Loose).SendMessage(message('cite'), metadata, {}, (err: Error | null) => (err ? reject(err) : resolve(names)));
      call.on('metadata', (m: grpc.Metadata) => (names = m.get('a2a-extensions')[0] as string | undefined));
    });
    expect(answered).toBe(`${GEO}, ${CITE}`);
  });

  it("a message's own extensions are offered too (when the card declares them)", async () => {
    const withExtensions = { message: { ...message('hi').message, extensions: [CITE, 'https://unknown.example/ext'] } };
    const served = await post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: withExtensions }), { ...V1, 'a2a-extensions': GEO });
    expect(served.body.result.message.parts[0].text).toBe(`${GEO} ${CITE}`);
  });

  it('a v0.3 client names them in X-A2A-Extensions (as @a2a-js/sdk 0.3 does), and is answered in it', async () => {
    const v03 = (headers: Record<string, string>, text: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'message/send',
          params: { message: { kind: 'message', messageId: `m-${Math.random()}`, role: 'user', parts: [{ kind: 'text', text }] } },
        }),
      });
    const refused = await (await v03({}, 'hi')).json();
    expect(refused.error.code).toBe(-32008);
    const answered = await v03({ 'x-a2a-extensions': `${GEO}, ${CITE}` }, 'cite');
    expect((await answered.json()).result.parts[0].text).toBe(`${GEO} ${CITE}`);
    expect(answered.headers.get('x-a2a-extensions')).toBe(`${GEO}, ${CITE}`);
  });

  for (const binding of ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const) {
    it(`the generated client asks for the client's and the call's extensions and is told which were activated (${binding})`, async () => {
      const endpoint = binding === 'GRPC' ? grpcAddress : binding === 'HTTP+JSON' ? `${url.replace(/\/$/, '')}/rest` : url;
      const client = new clientLib.A2AClient({ url: endpoint, binding, extensions: [GEO] });
      const told: (readonly string[])[] = [];
      const answer = await client.sendMessage(message('cite'), { extensions: [CITE], onExtensions: (uris: readonly string[]) => told.push(uris) });
      expect(answer.message.parts[0].text).toBe(`${GEO} ${CITE}`);
      expect(told).toEqual([[GEO, CITE]]);
      const streamed: (readonly string[])[] = [];
      for await (const _ of client.sendMessageStream(message('hi'), { onExtensions: (uris: readonly string[]) => streamed.push(uris) }));
      expect(streamed).toEqual([[GEO]]);
    });
  }
});

const rpcBody = (text: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: message(text) });
