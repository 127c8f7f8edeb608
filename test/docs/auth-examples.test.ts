// The docs' examples send credentials the agent accepts: the curl header and the client call take
// the secret from the variable the scaffold's main.ts reads the accepted ones from
// (A2A_BEARER_SECRETS, …), not a variable of their own; and the Authentication section says when
// the agent answers 401 (no credentials, or ones it does not accept) and when 403 (forbidden()).
import { describe, expect, it } from 'vitest';
import { generateExample } from '../helpers/examples.js';

const text = (files: { path: string; content: string }[], path: string): string => files.find((f) => f.path === path)!.content;

describe.each([
  { example: 'georoute', header: 'authorization: Bearer $A2A_BEARER_SECRETS', scheme: 'bearer' },
  { example: 'currency', header: 'X-API-Key: $A2A_APIKEY_SECRETS', scheme: 'apiKey' },
])('$example', ({ example, header, scheme }) => {
  it("the examples use the variable main.ts accepts secrets from; the 401/403 sentence is the server's", async () => {
    const files = await generateExample(example);
    const variable = /\$(A2A_\w+)/.exec(header)![1];
    expect(text(files, 'src/main.ts')).toContain(`secretsFromEnv("${variable}")`);
    for (const page of ['src/a2a/docs/API.md', 'src/a2a/docs/index.html']) {
      const docs = text(files, page);
      expect(docs).not.toMatch(/A2A_TOKEN|A2A_SECRET\b|A2A_API_KEY\b/);
      expect(docs).toContain(header);
      expect(docs).toContain(`credentials: { "${scheme}": process.env.${variable}! }`.replace(/"/g, page.endsWith('.html') ? '&quot;' : '"'));
      expect(docs).not.toContain('with credentials it refuses');
      expect(docs).toMatch(
        /Without them, or with credentials it does not accept, the agent answers .*401.*403.* when it knows the caller but does not let it in/,
      );
      expect(docs).toMatch(
        new RegExp(`The examples send the secret in .*${variable}.*: the variable the agent's .*src/main\\.ts.* reads the accepted ones from`),
      );
    }
  });
});
