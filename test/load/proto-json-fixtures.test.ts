// The published-shape a2a.json fixtures are written from the bundled protos by
// test/helpers/bufbuild-jsonschema.ts: this holds them current. To rewrite them after a change to
// that helper or to a bundled proto:
//   A2A_WRITE_FIXTURES=1 npx vitest run test/load/proto-json-fixtures.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { A2A_JSON_FIXTURES, a2aJsonPath, expectedA2aJson } from '../helpers/a2a-json.js';

describe.each(A2A_JSON_FIXTURES)('test/fixtures/a2a-json/$file', (fixture) => {
  it('is the bundled proto of its version, in its published shape', () => {
    const want = expectedA2aJson(fixture);
    if (process.env.A2A_WRITE_FIXTURES) writeFileSync(a2aJsonPath(fixture), want);
    expect(readFileSync(a2aJsonPath(fixture), 'utf8')).toBe(want);
  });
});
