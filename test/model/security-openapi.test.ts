// Every kind of v1.0 security scheme becomes a Security Scheme Object OpenAPI 3.1 accepts, with
// what OpenAPI has no field for kept as an `x-a2a-` extension; v0.3's OpenAPI-shaped schemes pass through.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiScheme } from '../../generator/model/security-openapi.js';

const V1_SCHEMES = {
  key: { apiKeySecurityScheme: { location: 'query', name: 'api_key', description: 'A key' } },
  token: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
  oauth: {
    oauth2SecurityScheme: {
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://auth.example.com/a',
          tokenUrl: 'https://auth.example.com/t',
          scopes: { read: 'Read' },
          pkceRequired: true,
        },
      },
      oauth2MetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server',
    },
  },
  device: {
    oauth2SecurityScheme: {
      flows: { deviceCode: { deviceAuthorizationUrl: 'https://auth.example.com/d', tokenUrl: 'https://auth.example.com/t', scopes: {} } },
    },
  },
  oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration' } },
  mtls: { mtlsSecurityScheme: { description: 'Client certificates' } },
};

describe('openApiScheme', () => {
  it('maps each v1.0 oneof member to its OpenAPI type and fields', () => {
    expect(openApiScheme(V1_SCHEMES.key)).toEqual({ type: 'apiKey', description: 'A key', name: 'api_key', in: 'query' });
    expect(openApiScheme(V1_SCHEMES.token)).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(openApiScheme(V1_SCHEMES.oauth)).toMatchObject({
      type: 'oauth2',
      flows: { authorizationCode: { authorizationUrl: 'https://auth.example.com/a', 'x-a2a-pkceRequired': true } },
      'x-a2a-oauth2MetadataUrl': 'https://auth.example.com/.well-known/oauth-authorization-server',
    });
    expect(openApiScheme(V1_SCHEMES.device)).toMatchObject({ type: 'oauth2', flows: { 'x-a2a-deviceCode': { tokenUrl: 'https://auth.example.com/t' } } });
    expect(openApiScheme(V1_SCHEMES.mtls)).toEqual({ type: 'mutualTLS', description: 'Client certificates' });
  });

  it('passes v0.2–v0.3 schemes through and refuses what is neither shape', () => {
    expect(openApiScheme({ type: 'http', scheme: 'basic' })).toEqual({ type: 'http', scheme: 'basic' });
    expect(openApiScheme({ somethingElse: {} })).toBeUndefined();
    expect(openApiScheme('bearer')).toBeUndefined();
  });

  it('yields a document swagger-parser validates', async () => {
    const securitySchemes = Object.fromEntries(Object.entries(V1_SCHEMES).map(([name, raw]) => [name, openApiScheme(raw)]));
    const doc = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { securitySchemes } };
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });
});
