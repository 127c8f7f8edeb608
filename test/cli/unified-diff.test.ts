// The unified diff behind `generate --check --diff`: exact output for small cases, minimal
// (as long as a longest-common-subsequence diff), and always a patch git applies to get the
// new text back.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, unifiedDiff } from '../../generator/cli/unified-diff.js';
import { tempDir } from '../helpers/tmp.js';

const lines = (n: number, tag = 'line'): string => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}\n`).join('');

describe('unifiedDiff', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    ['equal texts', 'a\nb\n', 'a\nb\n', ''],
    [
      'one line changed, 3 lines of context',
      lines(10),
      lines(10).replace('line 5\n', 'five\n'),
      '--- a/f.ts\n+++ b/f.ts\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+five\n line 6\n line 7\n line 8\n',
    ],
    [
      'changes 7 apart share a hunk',
      lines(12),
      lines(12).replace('line 2\n', 'two\n').replace('line 9\n', 'nine\n'),
      '--- a/f.ts\n+++ b/f.ts\n@@ -1,12 +1,12 @@\n line 1\n-line 2\n+two\n line 3\n line 4\n line 5\n line 6\n line 7\n line 8\n-line 9\n+nine\n line 10\n line 11\n line 12\n',
    ],
    [
      'changes 8 apart make two hunks',
      lines(14),
      lines(14).replace('line 2\n', 'two\n').replace('line 11\n', 'eleven\n'),
      '--- a/f.ts\n+++ b/f.ts\n@@ -1,5 +1,5 @@\n line 1\n-line 2\n+two\n line 3\n line 4\n line 5\n@@ -8,7 +8,7 @@\n line 8\n line 9\n line 10\n-line 11\n+eleven\n line 12\n line 13\n line 14\n',
    ],
    ['a line added at the end', 'a\n', 'a\nb\n', '--- a/f.ts\n+++ b/f.ts\n@@ -1 +1,2 @@\n a\n+b\n'],
    ['a new file', undefined, 'a\nb\n', '--- /dev/null\n+++ b/f.ts\n@@ -0,0 +1,2 @@\n+a\n+b\n'],
    ['a removed file', 'a\n', undefined, '--- a/f.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n'],
    ['a last line without its newline', 'a\nb', 'a\nb\n', '--- a/f.ts\n+++ b/f.ts\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n'],
  ])('%s', (_name, before, after, want) => {
    expect(unifiedDiff('f.ts', before, after)).toBe(want);
  });

  it('colours headers, hunks and changed lines only when asked', () => {
    const coloured = unifiedDiff('f.ts', 'a\nb\n', 'a\nc\n', { color: true });
    expect(coloured).toBe('\x1b[1m--- a/f.ts\x1b[0m\n\x1b[1m+++ b/f.ts\x1b[0m\n\x1b[36m@@ -1,2 +1,2 @@\x1b[0m\n a\n\x1b[31m-b\x1b[0m\n\x1b[32m+c\x1b[0m\n');
    expect(unifiedDiff('f.ts', 'a\nb\n', 'a\nc\n')).not.toContain('\x1b');
  });
});

/** Length of a longest common subsequence, by the textbook table: the size of any minimal diff follows from it. */
function lcs(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
      diagonal = up;
    }
  }
  return row[b.length];
}

const someLines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 30 });

describe('diffLines', () => {
  it('is minimal: it keeps as many lines as a longest common subsequence has', () => {
    fc.assert(
      fc.property(someLines, someLines, (a, b) => {
        const ops = diffLines(a, b);
        expect(ops.filter((o) => o.kind === ' ').length).toBe(lcs(a, b));
        expect(ops.filter((o) => o.kind !== '+').map((o) => o.line)).toEqual(a);
        expect(ops.filter((o) => o.kind !== '-').map((o) => o.line)).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('past 1000 edits shows the changed middle removed and added whole, still a correct script', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `old ${i}`);
    const b = ['same', ...Array.from({ length: 3000 }, (_, i) => `new ${i}`), 'end'];
    const started = performance.now();
    const ops = diffLines(['same', ...a, 'end'], b);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(ops.filter((o) => o.kind !== '+').map((o) => o.line)).toEqual(['same', ...a, 'end']);
    expect(ops.filter((o) => o.kind !== '-').map((o) => o.line)).toEqual(b);
    expect(ops.filter((o) => o.kind === '-')).toHaveLength(3000);
  });
});

describe('the patch applies', () => {
  it('git apply turns the old text into the new one', async () => {
    const dir = await tempDir('udiff-');
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const text = fc.array(fc.constantFrom('a\n', 'b\n', 'c\n', 'd\n', '\n', 'e'), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const file = join(dir, 'f.txt');
        writeFileSync(file, before);
        const patch = unifiedDiff('f.txt', before, after);
        if (patch === '') {
          expect(before).toBe(after);
          return;
        }
        writeFileSync(join(dir, 'p.diff'), patch);
        execFileSync('git', ['apply', 'p.diff'], { cwd: dir });
        expect(readFileSync(file, 'utf8')).toBe(after);
      }),
      { numRuns: 150 },
    );
  });
});
