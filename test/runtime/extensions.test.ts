// Extensions a request activates (spec v1.0 §3.2.6, §4.6): the A2A-Extensions service parameter
// — an HTTP header on JSON-RPC and HTTP+JSON, `a2a-extensions` metadata on gRPC — names the
// extensions the client wants; those the card declares reach the executor as
// `context.extensions`, and a request that leaves out one the card marks `required` is refused
// with ExtensionSupportRequiredError (-32008; 400 / FAILED_PRECONDITION) on every binding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProject } from '../helpers/agent-project.js';
import { grpcStub, PROTOS, unary, type GrpcFailure, type GrpcStub } from '../helpers/grpc-client.js';
import { post } from '../helpers/http.js';

type Loose = Record<string, any>;
const GEO = 'https://example.com/extensions/geolocation/v1';
const CITE = 'https://standards.org/extensions/citations/v1';

const MANIFEST = `spec: '1.0'
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
let stub: GrpcStub;
let close: () => Promise<void>;

beforeAll(async () => {
  const project = await agentProject('extensions-v1', MANIFEST);
  const { createA2AServer } = await project.load<any>('a2a/server/index.js');
  const server = createA2AServer({ skills: { echo: (ctx: { extensions: readonly string[] }) => ctx.extensions.join(' ') || 'none' }, logger: false });
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  url = listening.url;
  stub = grpcStub(listening.grpc.address, PROTOS.v1, 'lf.a2a.v1.A2AService');
  close = () => server.close();
}, 60_000);
afterAll(() => close?.());

const jsonRpc = (headers: Record<string, string>) =>
  post(url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: message('hi') }), { ...V1, ...headers });

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
});
