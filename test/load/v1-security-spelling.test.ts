// A v0.x security spelling in a v1.0 manifest (what copying a v0.3 example gives): the error
// says how v1.0 writes the same thing, in the manifest's own values, so the fix can be copied.
// Every v0.x scheme kind, `security:` and `supportsAuthenticatedExtendedCard`; and the v1.0
// spelling the hint gives is accepted as written.
import { describe, expect, it } from 'vitest';
import { validateManifestText } from '../../generator/inputs.js';
import { InputErrors } from '../../generator/load/manifest.js';
import { exampleText, ROOT } from '../helpers/examples.js';

const check = (text: string) => validateManifestText(text, 'a2a.yaml', { cwd: ROOT });

async function errorsOf(text: string): Promise<string[]> {
  try {
    await check(text);
  } catch (err) {
    if (err instanceof InputErrors) return err.errors.map((e) => e.message);
    throw err;
  }
  throw new Error('the manifest was accepted');
}

/** hello-v1 with `lines` added under `agent:`, before its capabilities. */
const v1With = (lines: string): string => exampleText('hello-v1').replace('  capabilities:\n', `${lines}\n  capabilities:\n`);

describe('a v0.x security spelling in a v1.0 manifest', () => {
  it.each([
    ['bearer: { type: http, scheme: bearer, bearerFormat: JWT }', 'bearer: { httpAuthSecurityScheme: { scheme: bearer, bearerFormat: JWT } }'],
    ['basic: { type: http, scheme: basic, description: Users }', 'basic: { httpAuthSecurityScheme: { scheme: basic, description: Users } }'],
    ['key: { type: apiKey, in: header, name: X-API-Key }', 'key: { apiKeySecurityScheme: { location: header, name: X-API-Key } }'],
    [
      'oidc: { type: openIdConnect, openIdConnectUrl: "https://id.example.com/.well-known/openid-configuration" }',
      'oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: https://id.example.com/.well-known/openid-configuration } }',
    ],
    [
      'o: { type: oauth2, flows: { clientCredentials: { tokenUrl: "https://id.example.com/token", scopes: { read: Read } } } }',
      'o: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: https://id.example.com/token, scopes: { read: Read } } } } }',
    ],
    ['m: { type: mutualTLS }', 'm: { mtlsSecurityScheme: {} }'],
  ])('%s → %s', async (v0, v1) => {
    const name = v0.split(':')[0];
    const errors = await errorsOf(v1With(`  securitySchemes:\n    ${v0}`));
    // The `type` error carries the v1.0 spelling; the scheme's other fields point at it.
    expect(errors[0]).toMatch(/^A2A v1\.0\.1 has no field "type" here; it exists in v0\.[23]\.0(–v0\.3\.0)?; in v1\.0 a scheme is the one kind it is: /);
    expect(errors[0].split('is the one kind it is: ')[1]).toBe(v1);
    for (const other of errors.slice(1)) expect(other).toMatch(new RegExp(`see agent\\.securitySchemes\\.${name}\\.type for v1\\.0's$`));
    // What the hint says is a valid v1.0 manifest.
    await expect(check(v1With(`  securitySchemes:\n    ${v1}`))).resolves.toBeTruthy();
  });

  it('security: → securityRequirements:, scopes kept', async () => {
    const errors = await errorsOf(
      v1With(
        [
          '  securitySchemes:',
          '    bearer: { httpAuthSecurityScheme: { scheme: Bearer } }',
          '    key: { apiKeySecurityScheme: { location: header, name: X-Key } }',
          '  security:',
          '    - { bearer: [read, write] }',
          '    - { bearer: [], key: [] }',
        ].join('\n'),
      ),
    );
    const v1 = 'securityRequirements: [ { schemes: { bearer: { list: [ read, write ] } } }, { schemes: { bearer: { list: [] }, key: { list: [] } } } ]';
    expect(errors).toEqual([
      `A2A v1.0.1 has no field "security" here; it exists in v0.2.0–v0.3.0; in v1.0 it is securityRequirements, each requirement's schemes under \`schemes\` and their scopes in \`list\`: ${v1}`,
    ]);
    const fixed = v1With(
      [
        '  securitySchemes:',
        '    bearer: { httpAuthSecurityScheme: { scheme: Bearer } }',
        '    key: { apiKeySecurityScheme: { location: header, name: X-Key } }',
        `  ${v1}`,
      ].join('\n'),
    );
    await expect(check(fixed)).resolves.toBeTruthy();
  });

  it('supportsAuthenticatedExtendedCard → capabilities.extendedAgentCard', async () => {
    const errors = await errorsOf(
      v1With(
        [
          '  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: Bearer } } }',
          '  securityRequirements: [{ schemes: { bearer: { list: [] } } }]',
          '  supportsAuthenticatedExtendedCard: true',
        ].join('\n'),
      ),
    );
    expect(errors).toEqual([
      'A2A v1.0.1 has no field "supportsAuthenticatedExtendedCard" here; it exists in v0.2.1–v0.3.0; in v1.0 it is capabilities: { extendedAgentCard: true }',
    ]);
  });

  it('a v0.x manifest is told nothing of v1.0 (its own spelling is right there)', async () => {
    const v03 = exampleText('hello').replace(
      '  capabilities:\n',
      '  securitySchemes:\n    b: { httpAuthSecurityScheme: { scheme: Bearer } }\n  capabilities:\n',
    );
    const errors = await errorsOf(v03);
    expect(errors.join('\n')).not.toMatch(/in v1\.0/);
  });
});
