// The published v1 a2a.json fixtures (test/fixtures/a2a-json/): each one the bundled proto of its
// version run through bufbuild-jsonschema.ts in one of the two shapes the A2A project publishes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedA2aJson, type PublishedShape } from './bufbuild-jsonschema.js';
import { ROOT } from './examples.js';

export const A2A_JSON_DIR = join(ROOT, 'test', 'fixtures', 'a2a-json');

export interface A2aJsonFixture {
  /** The file under test/fixtures/a2a-json/. */
  file: string;
  version: string;
  shape: PublishedShape;
}

/** v1.0.0 and v1.0.1 as published (keyed by title), and v1.0.1 as the script of upstream 2c3affc9 writes it. */
export const A2A_JSON_FIXTURES: A2aJsonFixture[] = [
  { file: 'v1.0.0.target-json.json', version: '1.0.0', shape: 'target-json' },
  { file: 'v1.0.1.target-json.json', version: '1.0.1', shape: 'target-json' },
  { file: 'v1.0.1.json-bundle.json', version: '1.0.1', shape: 'json-bundle' },
];

export const a2aJsonPath = (fixture: A2aJsonFixture): string => join(A2A_JSON_DIR, fixture.file);
export const bundledProtoText = (version: string): string => readFileSync(join(ROOT, 'schema', 'proto', `v${version}.proto`), 'utf8');
/** What the fixture should hold: the bundled proto of its version in its shape. */
export const expectedA2aJson = (fixture: A2aJsonFixture): string => publishedA2aJson(bundledProtoText(fixture.version), fixture.shape);
