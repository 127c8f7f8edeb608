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
    const cardPath = ['hello', 'hello-v1', 'georoute', 'relay'].includes(example) ? '/.well-known/agent-card.json' : '/.well-known/agent.json';
    const card = await (await fetch(origin + cardPath)).json();
    if (example === 'relay') return checkRelay(card, url, said);
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
