// Signed cards (`server.cardSigning`, spec v1.0 §8.4): every card the agent serves carries a JWS
// over its canonical form, checked here by the official @a2a-js/sdk 1.3.0 verifier with the
// agent's public key taken from the JWK Set its `jku` names — for ES256, RS256 and EdDSA keys, the
// public and the extended card — and refused once any field changes. The v0.3 card a compat agent
// serves is signed in v0.3's form. A missing or unusable key stops the server with one line.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { generateAgentCardSignature, verifyAgentCardSignature } from 'a2a-sdk-10';
import { agentProject, type AgentProject } from '../helpers/agent-project.js';
import { typecheck } from '../helpers/typecheck.js';

type Loose = Record<string, any>;

const MANIFEST = `spec: '1.0'
compat: [0.3.0]
agent:
  name: Signed Agent
  description: Serves signed cards.
  version: 1.0.0
  url: http://127.0.0.1:41394/
  capabilities:
    streaming: true
    extendedAgentCard: true
    extensions:
      - { uri: 'https://example.com/ext/v1', description: An extension., required: false }
  securitySchemes:
    bearer: { httpAuthSecurityScheme: { scheme: bearer } }
  securityRequirements: [{ schemes: { bearer: {} } }]
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - id: echo
    name: Echo
    description: Echoes.
    tags: [test]
  - id: secret
    name: Secret
    description: Only in the extended card.
    tags: [test]
    extendedOnly: true
server:
  bindings: [jsonrpc, rest]
  cardSigning: true
`;

const pem = (key: KeyObject): string => key.export({ format: 'pem', type: 'pkcs8' }).toString();
const KEYS = {
  ES256: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
  RS256: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  EdDSA: generateKeyPairSync('ed25519').privateKey,
};

let client: { A2AClient: { fromCardUrl(url: string, options?: Loose): Promise<Loose> }; CardSignatureError: new (...args: any[]) => Error };
let server: { createA2AServer: (options: Loose) => Loose; acceptSecrets: (secrets: string[]) => unknown; SigningKeyError: new (...args: any[]) => Error };
const TOKEN = { authorization: 'Bearer t0ken' };
const running: Loose[] = [];

let project: AgentProject;
beforeAll(async () => {
  project = await agentProject('card-signing', MANIFEST);
  server = await project.load<any>('a2a/server/index.js');
  client = await project.load<any>('a2a/client/index.js');
}, 60_000);
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all([...running.map((s) => s.close()), ...closers.map((close) => close())]);
});

/** Serves one card at the well-known path on loopback (as another agent, signed by someone else, would). */
async function serveCard(card: Loose): Promise<string> {
  const http = createServer((req, res) => {
    res.writeHead(req.url === '/.well-known/agent-card.json' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(card));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => http.close(() => resolve())));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

const failure = async (promise: Promise<unknown>): Promise<{ reason: string; message: string }> => {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(client.CardSignatureError);
    return err as never;
  }
  throw new Error('the card was accepted');
};

async function start(key: string): Promise<string> {
  const agent = server.createA2AServer({
    skills: { echo: () => 'hi', secret: () => 'psst' },
    auth: { bearer: server.acceptSecrets(['t0ken']) },
    logger: false,
    cardSigningKey: key,
  });
  running.push(agent);
  return (await agent.listen({ port: 0, host: '127.0.0.1' })).url.replace(/\/$/, '');
}

const getJson = async (url: string, headers: Record<string, string> = {}): Promise<Loose> => {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  return response.json();
};

/** The SDK's verifier, fetching the key from the JWK Set the signature's `jku` names, by `kid`. */
const sdkVerifier = (expectedJku: string) =>
  verifyAgentCardSignature(async (kid, jku) => {
    expect(jku).toBe(expectedJku);
    const { keys } = await getJson(jku!);
    const key = keys.find((k: Loose) => k.kid === kid);
    if (!key) throw new Error(`no key ${kid}`);
    return key;
  });

describe('signed cards', () => {
  // The SDK's verifier logs each signature it rejects with console.debug: expected here, and noise in the run's output.
  beforeAll(() => void vi.spyOn(console, 'debug').mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());
  for (const [alg, key] of Object.entries(KEYS)) {
    it(`${alg}: the v1.0 card verifies with @a2a-js/sdk 1.3.0 through the JWK Set its jku names, and not once a field changes`, async () => {
      const base = await start(pem(key));
      const card = await getJson(`${base}/.well-known/agent-card.json`, { 'a2a-version': '1.0' });
      expect(card.signatures).toHaveLength(1);
      const header = jose.decodeProtectedHeader(card.signatures[0]);
      expect(header).toMatchObject({ alg, typ: 'JOSE', jku: `${base}/.well-known/jwks.json` });
      const verify = sdkVerifier(`${base}/.well-known/jwks.json`);
      await expect(verify(card as never)).resolves.toBeUndefined();
      for (const tamper of [
        (c: Loose) => (c.description += '!'),
        (c: Loose) => (c.skills[0].name = 'Other'),
        (c: Loose) => (c.capabilities.streaming = false),
        (c: Loose) => (c.capabilities.extensions[0].required = true),
        (c: Loose) => (c.supportedInterfaces[0].url = 'http://127.0.0.1:1/'),
      ]) {
        const changed = structuredClone(card);
        tamper(changed);
        await expect(verify(changed as never)).rejects.toThrow(/No valid signatures/);
      }
    });
  }

  it('the extended card is signed too, in the version it is served in', async () => {
    const base = await start(pem(KEYS.ES256));
    const answer = await (
      await fetch(`${base}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...TOKEN },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard', params: {} }),
      })
    ).json();
    const extended = answer.result;
    expect(extended.skills.map((s: Loose) => s.id)).toContain('secret');
    await expect(sdkVerifier(`${base}/.well-known/jwks.json`)(extended)).resolves.toBeUndefined();
    const v03 = await (
      await fetch(`${base}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...TOKEN },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'agent/getAuthenticatedExtendedCard' }),
      })
    ).json();
    expect(v03.result.protocolVersion).toBe('0.3.0');
    await expectV03Signed(v03.result, base);
  });

  it("the v0.3 card a compat agent serves is signed over v0.3's form (schema defaults and empties left out)", async () => {
    const base = await start(pem(KEYS.ES256));
    const card = await getJson(`${base}/.well-known/agent-card.json`);
    expect(card.protocolVersion).toBe('0.3.0');
    await expectV03Signed(card, base);
  });

  it('signs each card once: the same card is served with the same signature (ECDSA signatures are randomized)', async () => {
    const base = await start(pem(KEYS.ES256));
    const first = await getJson(`${base}/.well-known/agent-card.json`, { 'a2a-version': '1.0' });
    const second = await getJson(`${base}/.well-known/agent-card.json`, { 'a2a-version': '1.0' });
    expect(second.signatures).toEqual(first.signatures);
  });

  it('takes a JWK as well as PEM, keeping its kid; refuses a missing, public, weak or unsupported key with one line', async () => {
    const jwk = { ...KEYS.ES256.export({ format: 'jwk' }), kid: 'key-2026' };
    const base = await start(JSON.stringify(jwk));
    const card = await getJson(`${base}/.well-known/agent-card.json`, { 'a2a-version': '1.0' });
    expect(jose.decodeProtectedHeader(card.signatures[0]).kid).toBe('key-2026');
    const { keys } = await getJson(`${base}/.well-known/jwks.json`);
    expect(keys).toEqual([expect.objectContaining({ kid: 'key-2026', alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' })]);
    expect(keys[0].d).toBeUndefined();

    const refused = (key: string | undefined): string => {
      try {
        server.createA2AServer({
          skills: { echo: () => 'hi', secret: () => 'x' },
          auth: { bearer: server.acceptSecrets(['t0ken']) },
          logger: false,
          ...(key === undefined ? {} : { cardSigningKey: key }),
        });
      } catch (err) {
        expect(err).toBeInstanceOf(server.SigningKeyError);
        return (err as Error).message;
      }
      throw new Error('the server started');
    };
    const before = process.env.A2A_CARD_SIGNING_KEY;
    delete process.env.A2A_CARD_SIGNING_KEY;
    try {
      expect(refused(undefined)).toMatch(/A2A_CARD_SIGNING_KEY is not set/);
    } finally {
      if (before !== undefined) process.env.A2A_CARD_SIGNING_KEY = before;
    }
    const { d: _, ...publicJwk } = jwk as Loose;
    expect(refused(JSON.stringify(publicJwk))).toMatch(/public JWK/);
    expect(refused('not a key')).toMatch(/not a private key/);
    expect(refused(pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey))).toMatch(/1024-bit RSA key/);
    expect(refused(pem(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey))).toMatch(/secp256k1/);
    expect(refused(pem(generateKeyPairSync('x25519').privateKey))).toMatch(/x25519/);
  });
});

describe("the scaffold's main.ts", () => {
  it('type-checks, and without the key stops with one line naming the variable', async () => {
    expect(await typecheck(project.dir, [project.dir])).toBe('');
    const { A2A_CARD_SIGNING_KEY: _, ...env } = process.env;
    const run = promisify(execFile)(process.execPath, [join(project.dir, 'dist', 'main.js')], { env: { ...env, PORT: '0' }, timeout: 20_000 });
    const failed = await run.then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim()).toMatch(/^server\.cardSigning is on but A2A_CARD_SIGNING_KEY is not set: give it the private key \(PKCS#8 PEM or a JWK\)$/);
  }, 60_000);
});

describe('the docs', () => {
  it('say the card is signed and where the public keys are', async () => {
    const { readFile } = await import('node:fs/promises');
    const docs = join(project.dir, 'src', 'a2a', 'docs');
    expect(await readFile(join(docs, 'API.md'), 'utf8')).toContain('signed (JWS, spec §8.4), public keys at `GET /.well-known/jwks.json`');
    expect(await readFile(join(docs, 'index.html'), 'utf8')).toContain(
      'Signed (JWS over its canonical form, spec §8.4); the public keys: <code>GET /.well-known/jwks.json</code>',
    );
  });
});

describe('the generated client verifies cards', () => {
  it("takes a generated agent's signed card with the agent's JWK Set, in v1.0 and (asking for 0.3) in v0.3", async () => {
    const base = await start(pem(KEYS.EdDSA));
    const jwksUrl = `${base}/.well-known/jwks.json`;
    const v1 = await client.A2AClient.fromCardUrl(base, { verifyCard: { jwksUrl } });
    expect(v1.card.name).toBe('Signed Agent');
    const v03 = await client.A2AClient.fromCardUrl(`${base}/.well-known/agent-card.json`, {
      verifyCard: { jwksUrl },
      versions: ['0.3'],
      fetch: (url: string, init: RequestInit) => fetch(url, { ...init, headers: { accept: 'application/json' } }),
    });
    expect(v03.card.name).toBe('Signed Agent');
  });

  it('takes a card @a2a-js/sdk 1.3.0 signed; refuses it tampered, signed by an unknown kid, or unsigned', async () => {
    const base = await start(pem(KEYS.ES256));
    const { signatures: _, ...card } = await getJson(`${base}/.well-known/agent-card.json`, { 'a2a-version': '1.0' });
    const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const signed = await generateAgentCardSignature(privateKey, { alg: 'ES256', kid: 'sdk-key', typ: 'JOSE' })(card as never);
    const keys = [{ ...(await jose.exportJWK(publicKey)), kid: 'sdk-key' }];

    const accepted = await client.A2AClient.fromCardUrl(await serveCard(signed), { verifyCard: { keys } });
    expect(accepted.card.name).toBe('Signed Agent');
    const tampered = structuredClone(signed) as Loose;
    tampered.skills[0].description = 'Does something else.';
    expect((await failure(client.A2AClient.fromCardUrl(await serveCard(tampered), { verifyCard: { keys } }))).reason).toBe('invalid');
    const otherKid = [{ ...keys[0], kid: 'another-key' }];
    expect((await failure(client.A2AClient.fromCardUrl(await serveCard(signed), { verifyCard: { keys: otherKid } }))).reason).toBe('unknown-key');
    expect((await failure(client.A2AClient.fromCardUrl(await serveCard(card), { verifyCard: { keys } }))).reason).toBe('unsigned');
    // The right kid, someone else's key: the signature does not verify.
    const stranger = { ...(await jose.exportJWK((await jose.generateKeyPair('ES256', { extractable: true })).publicKey)), kid: 'sdk-key' };
    expect((await failure(client.A2AClient.fromCardUrl(await serveCard(signed), { verifyCard: { keys: { keys: [stranger] } } }))).reason).toBe('invalid');
  });
});

/**
 * A v0.3 card's signature, checked as a2a-python 0.3's verifier canonicalizes it: without
 * `signatures`, fields equal to the schema's default (`protocolVersion` 0.3.0, `preferredTransport`
 * JSONRPC) and empty values, keys sorted, no whitespace.
 */
async function expectV03Signed(card: Loose, base: string): Promise<void> {
  expect(card.signatures).toHaveLength(1);
  const { keys } = await getJson(`${base}/.well-known/jwks.json`);
  const { signatures, ...rest } = card;
  const defaults: Loose = { protocolVersion: '0.3.0', preferredTransport: 'JSONRPC' };
  for (const [k, v] of Object.entries(defaults)) if (rest[k] === v) delete rest[k];
  const payload = jcs(clean(rest));
  const jws = { ...signatures[0], payload: jose.base64url.encode(payload) };
  await expect(jose.flattenedVerify(jws, await jose.importJWK(keys[0], 'ES256'))).resolves.toBeDefined();
  const tampered = { ...jws, payload: jose.base64url.encode(payload.replace('Signed Agent', 'Signed Agent!')) };
  await expect(jose.flattenedVerify(tampered, await jose.importJWK(keys[0], 'ES256'))).rejects.toThrow();
}

function clean(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(clean).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value as Loose)
    .map(([k, v]) => [k, clean(v)] as const)
    .filter(([, v]) => v !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function jcs(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return `{${Object.keys(value as Loose)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${jcs((value as Loose)[k])}`)
    .join(',')}}`;
}
