// A spec that is no released version — the A2A repository's next a2a.proto, given by path — is
// named by what is known of it: "unreleased", its proto package and its file, in every message
// of the run, every generated header and the runtime's own messages; never "vunknown".
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/examples.js';
import { tempDir } from '../helpers/tmp.js';

const NAME = 'unreleased lf.a2a.v1 (next.proto)';

describe('an unreleased proto', () => {
  it('generate --spec ./next.proto names it "unreleased", its package and file: in the messages, the headers and the runtime', async () => {
    const cwd = await tempDir('unreleased-');
    expect((await runCli(['init', 'agent', '--yes', '--quiet'], cwd)).code).toBe(0);
    const dir = join(cwd, 'agent');
    // The bundled v1.0.1 proto under another name: nothing says which release it is.
    copyFileSync(join(ROOT, 'schema', 'proto', 'v1.0.1.proto'), join(dir, 'next.proto'));

    const r = await runCli(['generate', '--spec', './next.proto'], dir);
    expect(r.code).toBe(0);
    const said = r.stdout + r.stderr;
    expect(said).toContain(`generating for A2A ${NAME} from a2a.yaml`);
    expect(said).toContain(`A2A spec moved from v1.0.1 to ${NAME}.`);
    expect(said).toContain('all changes: a2a-gen diff 1.0.1 next.proto');
    expect(said).not.toMatch(/unknown/);

    const a2a = join(dir, 'src', 'a2a');
    const files = readdirSync(a2a, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|md|html)$/.test(f));
    for (const file of files) {
      const text = readFileSync(join(a2a, file), 'utf8');
      expect(text.split('\n')[0], file).toContain(`for A2A ${NAME} from a2a.yaml`);
      expect(text, file).not.toContain('vunknown');
    }
    expect(readFileSync(join(a2a, 'protocol.ts'), 'utf8')).toContain(`name: "${NAME}",`);
    expect(readFileSync(join(a2a, 'docs', 'API.md'), 'utf8')).toContain('| Protocol | A2A unreleased lf\\.a2a\\.v1 \\(next\\.proto\\) over JSON-RPC 2.0');

    // A second run on the same spec is no move; `diff` names it the same way.
    const again = await runCli(['generate', '--check'], dir);
    expect(again.code).toBe(0);
    const diff = await runCli(['diff', '1.0.1', './next.proto'], dir);
    expect(diff.stdout.split('\n')[0]).toBe(`A2A v1.0.1 → ${NAME}: 0 change(s), 0 breaking`);
  });
});
