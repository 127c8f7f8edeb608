// The gRPC binding in the model: which services an agent serves over gRPC, which rpc runs which
// method (v1.0: the same names; v0.3.0: its proto's rpcs by the spec's table), the wire schema of
// their messages — and the manifest errors for a version with no gRPC to serve.
import { describe, expect, it } from 'vitest';
import { validateManifestText } from '../../generator/inputs.js';
import { InputErrors } from '../../generator/load/manifest.js';
import { A2A_JSON_FIXTURES, a2aJsonPath } from '../helpers/a2a-json.js';
import { ROOT } from '../helpers/examples.js';

const manifest = (spec: string, bindings: string, extra = ''): string =>
  [
    `spec: ${JSON.stringify(spec)}`,
    extra,
    'agent:',
    '  name: A',
    '  description: An agent.',
    '  version: 1.0.0',
    '  url: http://localhost:41000/',
    '  capabilities: { streaming: true }',
    '  defaultInputModes: [text/plain]',
    '  defaultOutputModes: [text/plain]',
    'skills: [{ id: s, name: S, description: A skill., tags: [t] }]',
    'server:',
    `  bindings: ${bindings}`,
    '',
  ].join('\n');

const check = (text: string) => validateManifestText(text, 'a2a.yaml', { cwd: ROOT });

async function errorsOf(text: string): Promise<string[]> {
  try {
    await check(text);
  } catch (err) {
    if (err instanceof InputErrors) return err.errors.map((e) => e.format());
    throw err;
  }
  throw new Error('the manifest was accepted');
}

describe('gRPC in the model', () => {
  it("v1.0 with compat: its own service and v0.3.0's, one wire schema holding both packages", async () => {
    const { agent } = await check(manifest('1.0', '[jsonrpc, grpc]', 'compat: [0.3.0]'));
    const services = agent.grpc!.services;
    expect(services.map((s) => [s.name, s.version, s.translated, s.messages])).toEqual([
      ['lf.a2a.v1.A2AService', '1.0', false, 'json-rpc'],
      ['a2a.v1.A2AService', '0.3', true, 'proto-v03'],
    ]);
    // v1.0: each rpc is the method of its name, streaming as the proto says.
    expect(services[0].methods.map((m) => m.name)).toEqual(services[0].methods.map((m) => m.method));
    expect(services[0].methods.filter((m) => m.serverStreaming).map((m) => m.name)).toEqual(['SendStreamingMessage', 'SubscribeToTask']);
    expect(services[0].methods.find((m) => m.name === 'DeleteTaskPushNotificationConfig')?.responseType).toBe('google.protobuf.Empty');
    // v0.3.0: its rpcs by the spec's table.
    expect(Object.fromEntries(services[1].methods.map((m) => [m.name, m.method]))).toMatchObject({
      SendMessage: 'message/send',
      TaskSubscription: 'tasks/resubscribe',
      GetAgentCard: 'agent/getAuthenticatedExtendedCard',
    });
    expect(agent.grpc!.wire.messages['lf.a2a.v1.Part']).toBeDefined();
    expect(agent.grpc!.wire.messages['a2a.v1.Part']).toBeDefined();
    // A json_name wins over the field's own name (v0.3.0's SendMessageRequest.request is `message`).
    expect(agent.grpc!.wire.messages['a2a.v1.SendMessageRequest'].find((f) => f.n === 1)?.j).toBe('message');
    expect(agent.grpc!.protos.map((p) => p.file)).toEqual(['a2a.proto', 'a2a-v0.3.proto']);
  });

  it('the card lists gRPC as host:port, for each version served, in the order of server.bindings', async () => {
    const { agent } = await check(manifest('1.0', '[grpc, jsonrpc]', 'compat: [0.3.0]'));
    const interfaces = agent.card.supportedInterfaces as { url: string; protocolBinding: string; protocolVersion: string }[];
    expect(interfaces.map((i) => `${i.protocolBinding} ${i.protocolVersion} ${i.url}`)).toEqual([
      'GRPC 1.0 localhost:50051',
      'JSONRPC 1.0 http://localhost:41000/',
      'GRPC 0.3 localhost:50051',
      'JSONRPC 0.3 http://localhost:41000/',
    ]);
  });

  it("v0.3.0: its proto's service; the card's additionalInterfaces list it", async () => {
    const { agent } = await check(manifest('0.3.0', '[jsonrpc, grpc]'));
    expect(agent.grpc!.services.map((s) => [s.name, s.translated, s.messages])).toEqual([['a2a.v1.A2AService', false, 'proto-v03']]);
    expect(agent.card.additionalInterfaces).toEqual([
      { url: 'http://localhost:41000/', transport: 'JSONRPC' },
      { url: 'localhost:50051', transport: 'GRPC' },
    ]);
  });

  it('without grpc in server.bindings there is none', async () => {
    const { agent } = await check(manifest('1.0', '[jsonrpc, rest]'));
    expect(agent.grpc).toBeUndefined();
  });

  it('a version without gRPC is refused where the manifest names it, saying which versions have it', async () => {
    const errors = await errorsOf(manifest('0.2.5', '[jsonrpc, grpc]'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/a2a\.yaml:\d+:\d+.*server\.bindings\[1\].*A2A v0\.2\.5 defines no gRPC binding \(it has one from v0\.3\.0\)/s);
  });

  it('an a2a.json made from the proto cannot serve gRPC: it says to use the proto', async () => {
    const errors = await errorsOf(manifest(a2aJsonPath(A2A_JSON_FIXTURES[1]), '[jsonrpc, grpc]'));
    expect(errors.join('\n')).toMatch(/does not say how its messages are written in binary.*a2a\.proto/);
  });
});
