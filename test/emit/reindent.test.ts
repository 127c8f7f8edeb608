// The bracket-depth re-indenter for json-schema-to-typescript's flush-left output
// (generator/emit/reindent.ts).
import { describe, expect, it } from 'vitest';
import { reindent } from '../../generator/emit/reindent.js';

describe('reindent', () => {
  it.each<{ name: string; given: string | [string, string]; want: string }>([
    { name: 'nothing', given: '', want: '' },
    { name: 'one block', given: 'a {\nb;\n}', want: 'a {\n  b;\n}' },
    {
      name: 'nested interfaces',
      given: 'export interface A {\nb: {\nc: string;\n};\nd: [\nstring,\nnumber\n];\n}',
      want: 'export interface A {\n  b: {\n    c: string;\n  };\n  d: [\n    string,\n    number\n  ];\n}',
    },
    { name: 'existing indentation is replaced', given: '    a {\n        b;\n    }', want: 'a {\n  b;\n}' },
    { name: 'blank and whitespace-only lines become empty', given: 'a {\n\n   \nb;\n}', want: 'a {\n\n\n  b;\n}' },
    { name: 'CRLF line ends', given: 'a {\r\nb;\r\n}', want: 'a {\n  b;\n}' },
    { name: 'brackets inside strings do not count', given: 'a = \'{[(\';\nb = "}";\nc = `{`;\nd;', want: 'a = \'{[(\';\nb = "}";\nc = `{`;\nd;' },
    { name: 'an escaped quote does not end a string', given: 'a = "\\"{";\nb;', want: 'a = "\\"{";\nb;' },
    { name: 'brackets in a // comment do not count', given: 'a; // {\nb;', want: 'a; // {\nb;' },
    { name: 'a line that closes and opens stays out', given: 'a {\nb;\n} else {\nc;\n}', want: 'a {\n  b;\n} else {\n  c;\n}' },
    {
      name: 'a block comment: inner lines get a space before their `*`',
      given: 'a {\n/**\n* Doc {\n*/\nb;\n}',
      want: 'a {\n  /**\n   * Doc {\n   */\n  b;\n}',
    },
    { name: 'a one-line block comment', given: '/** one { */\nx {\ny;\n}', want: '/** one { */\nx {\n  y;\n}' },
    { name: '/*/ opens a comment without closing it', given: '/*/ a {\nb */\nx;', want: '/*/ a {\n b */\nx;' },
    { name: 'depth never goes below zero', given: '}\n}\nx {\ny;\n}', want: '}\n}\nx {\n  y;\n}' },
    { name: 'another unit', given: ['a {\nb;\n}', '\t'], want: 'a {\n\tb;\n}' },
    { name: 'unicode in strings and names', given: "é = {\n'😀': '{',\n}", want: "é = {\n  '😀': '{',\n}" },
  ])('$name', ({ given, want }) => {
    const [code, unit] = Array.isArray(given) ? given : [given];
    expect(reindent(code, unit)).toBe(want);
  });

  it('2,000 nested blocks (4 MB out)', () => {
    const n = 2_000;
    const given = 'a {\n'.repeat(n) + '}\n'.repeat(n);
    const want = [
      ...Array.from({ length: n }, (_, i) => '  '.repeat(i) + 'a {'),
      ...Array.from({ length: n }, (_, i) => '  '.repeat(n - 1 - i) + '}'),
      '',
    ].join('\n');
    expect(reindent(given)).toBe(want);
  });
});
