// v1.0's Part (and StreamResponse, SecurityScheme, …) is an object whose oneof picks one of its own
// fields. The docs rendered it "Either: any | any | any | any"; they now name the fields, and
// say when none may be set. Read from the committed example (docs-formats.test.ts keeps it current).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/examples.js';

const docs = (file: string): string => readFileSync(join(ROOT, 'generated', 'hello-v1', 'src', 'a2a', 'docs', file), 'utf8');

describe('a oneof of fields in the v1.0 docs', () => {
  it('API.md names the fields, after a blank line that ends the field table', () => {
    const md = docs('API.md');
    expect(md).not.toMatch(/any \\\| any/);
    expect(md).toContain('|\n\nExactly one of: text \\| raw \\| url \\| data\n');
    expect(md).toContain('Exactly one of: task \\| message \\| statusUpdate \\| artifactUpdate');
    expect(md).toMatch(/At most one of: apiKeySecurityScheme \\\| httpAuthSecurityScheme/);
  });

  it('index.html names them too', () => {
    const page = docs('index.html');
    expect(page).not.toMatch(/any \| any/);
    expect(page).toContain('<p>Exactly one of: text | raw | url | data</p>');
  });
});
