// `generate --check --diff` and `--dry-run --diff`: the plan, then what would change in each
// file as a unified diff; exit codes as without --diff; colour only on a terminal.
import { readFile, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/main.js';
import { runCli } from '../helpers/cli.js';
import { exampleText } from '../helpers/examples.js';
import { listFiles, snapshot } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';

const hello = exampleText('hello');
const renamed = hello.replace('description: Replies with the text it receives.', 'description: Replies with the same text.');

/** A project generated from the hello manifest, whose manifest then changed its description. */
let dir: string;
beforeAll(async () => {
  dir = await tempDir('gen-diff-');
  await writeFile(join(dir, 'a2a.yaml'), hello);
  expect((await runCli(['generate', '-q'], dir)).code).toBe(0);
  await writeFile(join(dir, 'a2a.yaml'), renamed);
});

const CARD_HUNK = [
  '--- a/src/a2a/agent-card.json',
  '+++ b/src/a2a/agent-card.json',
  '@@ -1,6 +1,6 @@',
  ' {',
  '   "name": "Hello Agent",',
  '-  "description": "Replies with the text it receives.",',
  '+  "description": "Replies with the same text.",',
  '   "version": "1.0.0",',
  '   "url": "http://localhost:41241/",',
  '   "capabilities": {',
].join('\n');

describe('generate --check --diff', () => {
  it('lists the files that would change, then a diff of each; exit 1; nothing written', async () => {
    const before = await snapshot(dir);
    const r = await runCli(['generate', '--check', '--diff'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^out of date: 7 file\(s\) would change/);
    expect(r.stdout).toMatch(/^ {2}update +src\/a2a\/agent-card\.json$/m);
    expect(r.stdout).toContain(CARD_HUNK);
    // One diff per changed file, in the plan's order, and no colour outside a terminal.
    const diffed = [...r.stdout.matchAll(/^\+\+\+ b\/(\S+)$/gm)].map((m) => m[1]);
    const listed = [...r.stdout.matchAll(/^ {2}update +(\S+)$/gm)].map((m) => m[1]);
    expect(diffed).toEqual(listed);
    expect(r.stdout).not.toContain('\x1b');
    expect(await snapshot(dir)).toEqual(before);
  });

  it('without --diff, the same plan and no diff', async () => {
    const r = await runCli(['generate', '--check'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('--- a/');
  });

  it('up to date: exit 0 and no diff', async () => {
    const fresh = await tempDir('gen-diff-clean-');
    await writeFile(join(fresh, 'a2a.yaml'), hello);
    expect((await runCli(['generate', '-q'], fresh)).code).toBe(0);
    const r = await runCli(['generate', '--check', '--diff'], fresh);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^up to date: /);
    expect(r.stdout).not.toContain('@@');
  });

  it('a hand-edited generated file shows what regenerating would put back', async () => {
    const edited = await tempDir('gen-diff-edited-');
    await writeFile(join(edited, 'a2a.yaml'), hello);
    expect((await runCli(['generate', '-q'], edited)).code).toBe(0);
    const path = join(edited, 'src/a2a/errors.ts');
    await writeFile(path, (await readFile(path, 'utf8')) + '// mine\n');
    const r = await runCli(['generate', '--check', '--diff'], edited);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/CONFLICT \(edited by hand\) +src\/a2a\/errors\.ts/);
    expect(r.stdout).toMatch(/--- a\/src\/a2a\/errors\.ts\n\+\+\+ b\/src\/a2a\/errors\.ts\n@@ [^\n]+ @@\n(?: [^\n]*\n){3}-\/\/ mine\n/);
  });

  it('--json puts each diff beside its file', async () => {
    const r = await runCli(['generate', '--check', '--diff', '--json'], dir);
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout).files as { path: string; action: string; diff?: string }[];
    expect(files.find((f) => f.path === 'src/a2a/agent-card.json')?.diff).toContain(CARD_HUNK);
    expect(files.filter((f) => f.diff).map((f) => f.path)).toEqual(files.filter((f) => f.action === 'update').map((f) => f.path));
  });
});

describe('generate --dry-run --diff', () => {
  it('prints the plan, the diffs and the summary; exit 0; nothing written', async () => {
    const before = await snapshot(dir);
    const r = await runCli(['generate', '--dry-run', '--diff'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(CARD_HUNK);
    expect(r.stdout.trimEnd()).toMatch(/\n0 created, 7 updated, \d+ unchanged, \d+ kept as yours$/);
    expect(await snapshot(dir)).toEqual(before);
  });

  it('in an empty folder, every file is a diff from /dev/null', async () => {
    const fresh = await tempDir('gen-diff-new-');
    await writeFile(join(fresh, 'a2a.yaml'), hello);
    const r = await runCli(['generate', '--dry-run', '--diff'], fresh);
    expect(r.code).toBe(0);
    const created = [...r.stdout.matchAll(/^ {2}create +(\S+)$/gm)].map((m) => m[1]);
    expect(created.length).toBeGreaterThan(10);
    expect([...r.stdout.matchAll(/^--- \/dev\/null\n\+\+\+ b\/(\S+)$/gm)].map((m) => m[1])).toEqual(created);
    expect(await listFiles(fresh)).toEqual(['a2a.yaml']);
  });
});

describe('--diff alone and colour', () => {
  it('--diff without --check or --dry-run is a usage error (exit 2)', async () => {
    const r = await runCli(['generate', '--diff'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^--diff shows what --check or --dry-run would change: add one of them/);
  });

  class Terminal extends Writable {
    isTTY = true;
    text = '';
    override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
      this.text += chunk.toString();
      cb();
    }
  }

  it('on a terminal the diff is coloured, unless NO_COLOR is set', async () => {
    const run = async (): Promise<string> => {
      const stdout = new Terminal();
      expect(await main(['generate', '--check', '--diff'], { cwd: dir, stdout, stderr: new Terminal() })).toBe(1);
      return stdout.text;
    };
    const saved = process.env.NO_COLOR;
    delete process.env.NO_COLOR;
    try {
      expect(await run()).toContain('\x1b[31m-  "description": "Replies with the text it receives.",\x1b[0m');
      process.env.NO_COLOR = '1';
      expect(await run()).not.toContain('\x1b');
    } finally {
      if (saved === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = saved;
    }
  });
});
