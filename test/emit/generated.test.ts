// generated/ holds the committed output for the examples; it must match what a2a-gen makes now.
// Each example's project also builds under its own strict tsconfig and starts: it serves its
// card and answers message/send (with the credentials its manifest asks for).
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { EXAMPLES, ROOT } from '../helpers/examples.js';
import { grpcStub, PROTOS, unary } from '../helpers/grpc-client.js';
import { tempDir } from '../helpers/tmp.js';

const run = promisify(execFile);
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((c) => c.kill()));

/** Credentials each example's main.ts reads from the environment, and the header a client sends. */
const CREDENTIALS: Record<string, { env: Record<string, string>; headers: Record<string, string> }> = {
  georoute: { env: { A2A_BEARER_SECRETS: 's3cret' }, headers: { authorization: 'Bearer s3cret' } },
  currency: { env: { A2A_APIKEY_SECRETS: 'k3y' }, headers: { 'x-api-key': 'k3y' } },
  'legacy-v0.1': { env: { A2A_BEARER_SECRETS: 's3cret' }, headers: { authorization: 'Bearer s3cret' } },
  hello: { env: {}, headers: {} },
  'hello-v1': { env: {}, headers: {} },
  // Five schemes, any one suffices: the API key and the user answer here, the other three warn at start.
  'georoute-v1': { env: { A2A_APIKEY_SECRETS: 'k3y', A2A_BASIC_SECRETS: 'ann:pw' }, headers: { 'x-api-key': 'k3y' } },
  relay: { env: { A2A_BEARER_SECRETS: 's3cret', GRPC_PORT: '0' }, headers: { authorization: 'Bearer s3cret' } },
};

describe.each(EXAMPLES)('generated/%s', (example) => {
  it('is what a2a-gen generates now (run `npm run generate:examples` after changing the generator)', async () => {
    const r = await runCli(['generate', '--check', '--manifest', `examples/${example}.a2a.yaml`, '--out', `generated/${example}`], ROOT);
    expect(r.stdout + r.stderr).toMatch(/up to date/);
    expect(r.code).toBe(0);
  });

  it('builds under its own strict tsconfig, starts, serves its card and answers message/send', async () => {
    const out = await tempDir(`built-${example}-`);
    const project = join(ROOT, 'generated', example);
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(project, 'tsconfig.json'), '--outDir', out]);
    await run('bash', ['-c', `printf '{"type":"module"}' > ${JSON.stringify(join(out, 'package.json'))}`]);
    const child = spawn(process.execPath, [join(out, 'main.js')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...CREDENTIALS[example].env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let said = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        said += String(d);
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(said);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${said}`)));
    });
    const origin = new URL(url).origin;
    const cardPath = ['hello', 'hello-v1', 'georoute', 'georoute-v1', 'relay'].includes(example) ? '/.well-known/agent-card.json' : '/.well-known/agent.json';
    const card = await (await fetch(origin + cardPath)).json();
    if (example === 'relay') return checkRelay(card, url, said);
    if (example === 'georoute-v1') return checkGeorouteV1(card, url);
    expect(card.url).toContain(origin.replace('127.0.0.1', 'localhost').split(':').slice(0, 2).join(':'));
    const v01 = example === 'legacy-v0.1';
    const message = v01
      ? { role: 'user', parts: [{ type: 'text', text: 'hello' }] }
      : { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'hello' }] };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CREDENTIALS[example].headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: v01 ? 'tasks/send' : 'message/send', params: v01 ? { id: 'task-1', message } : { message } }),
    });
    const body = await res.json();
    expect(body.error, JSON.stringify(body.error)).toBeUndefined();
    expect(body.result).toBeTruthy();
    if (example === 'hello-v1') {
      // The v0.3.0 request above went through the translation; a v1.0 one names its version.
      const v1 = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'SendMessage',
          params: { message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
        }),
      });
      expect((await v1.json()).result.message.parts).toEqual([{ text: 'hi' }]);
    }
    child.kill();
  }, 120_000);
});

/** The relay example (v1.0, all three bindings, bearer): its card's interfaces, then a call over JSON-RPC and one over gRPC. */
async function checkRelay(card: { supportedInterfaces: { url: string; protocolBinding: string }[] }, url: string, said: string): Promise<void> {
  const grpcAddress = /and gRPC on (127\.0\.0\.1:\d+)/.exec(said)?.[1];
  expect(card.supportedInterfaces.filter((i) => i.protocolBinding === 'GRPC').map((i) => i.url)).toEqual([grpcAddress, grpcAddress]);
  const params = { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ data: { channel: '#ops', text: 'hello' } }] } };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: 'Bearer s3cret' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params }),
  });
  const body = await res.json();
  expect(body.error, JSON.stringify(body.error)).toBeUndefined();
  const stub = grpcStub(grpcAddress!, PROTOS.v1, 'lf.a2a.v1.A2AService');
  // Over gRPC the data part is a google.protobuf.Value message, as a generated client writes it.
  const data = { structValue: { fields: { channel: { stringValue: '#ops' }, text: { stringValue: 'hello' } } } };
  const sent = await unary(stub, 'SendMessage', { message: { ...params.message, parts: [{ data }] } }, { authorization: 'Bearer s3cret' });
  expect(sent.message ?? sent.task).toBeTruthy();
}

/** The georoute-v1 example (v1.0 + v0.3.0, five schemes, typed skills): its card, a typed v1.0 call with the API key, a v0.3.0 one with a user. */
async function checkGeorouteV1(card: { securitySchemes: Record<string, unknown>; security: unknown[] }, url: string): Promise<void> {
  // Served to a v0.3.0 client too, the card spells the schemes the OpenAPI way.
  expect(Object.keys(card.securitySchemes)).toEqual(['bearer', 'basic', 'apiKey', 'oauth2', 'oidc']);
  expect(card.security).toHaveLength(5);
  const post = async (headers: Record<string, string>, body: object): Promise<any> =>
    (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
      })
    ).json();
  const route = { origin: { lat: 37.4, lng: -122.1 }, destination: { lat: 37.8, lng: -122.4 } };
  const message = { messageId: 'm-1', role: 'ROLE_USER', parts: [{ data: route }], metadata: { skillId: 'route-optimizer-traffic' } };
  const v1 = await post({ 'a2a-version': '1.0', 'x-api-key': 'k3y' }, { method: 'SendMessage', params: { message } });
  expect(v1.error, JSON.stringify(v1.error)).toBeUndefined();
  // The typed skill's output, validated against its schema, is a data artifact.
  expect(v1.result.task.status.state).toBe('TASK_STATE_COMPLETED');
  expect(v1.result.task.artifacts[0].parts[0].data).toMatchObject({ distanceMeters: expect.any(Number), polyline: expect.any(String) });
  // An input its schema refuses is a located -32602.
  const bad = { ...message, messageId: 'm-2', parts: [{ data: { origin: route.origin } }] };
  expect((await post({ 'a2a-version': '1.0', 'x-api-key': 'k3y' }, { method: 'SendMessage', params: { message: bad } })).error.code).toBe(-32602);
  const basic = { authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` };
  const v03 = await post(basic, {
    method: 'message/send',
    params: { message: { kind: 'message', messageId: 'm-3', role: 'user', parts: [{ kind: 'text', text: 'hello' }] } },
  });
  expect(v03.error, JSON.stringify(v03.error)).toBeUndefined();
  // Without credentials, or with a scheme whose secrets are not set, the agent refuses.
  expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer anything' }, body: '{}' })).status).toBe(
    401,
  );
}
