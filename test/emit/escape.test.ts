// The escapers every manifest or schema string passes through on its way into generated code,
// HTML or Markdown (generator/emit/escape.ts): one given/want table per target context.
import { describe, expect, it } from 'vitest';
import {
  html,
  jsonInHtml,
  lineCommentText,
  markdown,
  markdownBlock,
  markdownCode,
  tsDoc,
  tsDocText,
  tsLiteral,
  tsPropertyKey,
  tsString,
} from '../../generator/emit/escape.js';

describe('tsString', () => {
  it.each<{ given: string; want: string }>([
    { given: 'hello', want: '"hello"' },
    { given: '', want: '""' },
    { given: 'say "hi"\n', want: '"say \\"hi\\"\\n"' },
    { given: 'back\\slash', want: '"back\\\\slash"' },
    { given: '${x} `t`', want: '"${x} `t`"' },
    { given: '</script>', want: '"</script>"' },
    // Legal in JSON, but line terminators in older JavaScript and invisible in an editor.
    { given: 'a\u2028b\u2029c', want: '"a\\u2028b\\u2029c"' },
    // Trojan Source: bidi overrides and isolates, BOM, DEL and C0 controls are shown as escapes.
    { given: 'a\u202Eb\u2066c', want: '"a\\u202eb\\u2066c"' },
    { given: '\u0000\u0007\u007f\ufeff', want: '"\\u0000\\u0007\\u007f\\ufeff"' },
    { given: 'café 😀 日本', want: '"café 😀 日本"' },
    { given: 'lone \ud800 surrogate', want: '"lone \\ud800 surrogate"' },
    { given: '__proto__', want: '"__proto__"' },
    { given: 'x'.repeat(10_000), want: `"${'x'.repeat(10_000)}"` },
  ])('$given → $want', ({ given, want }) => {
    expect(tsString(given)).toBe(want);
    expect(JSON.parse(want)).toBe(given);
  });
});

describe('tsDocText and tsDoc', () => {
  it.each<{ given: string; want: string }>([
    { given: 'plain text', want: 'plain text' },
    { given: 'ends */ here', want: 'ends *\\/ here' },
    { given: 'opens /* here', want: 'opens /\\* here' },
    { given: '*/*/', want: '*\\/\\*\\/' },
    { given: 'line 1   \r\nline 2\rline 3', want: 'line 1\nline 2\nline 3' },
    { given: 'a\u2028b', want: 'a\nb' },
    { given: 'a\u202Eb\u0000', want: 'a\\u202eb\\u0000' },
    { given: '', want: '' },
  ])('tsDocText($given) → $want', ({ given, want }) => {
    expect(tsDocText(given)).toBe(want);
  });

  it.each<{ given: [string | undefined, string?]; want: string }>([
    { given: [undefined], want: '' },
    { given: ['   \n  '], want: '' },
    { given: ['One line.'], want: '/** One line. */\n' },
    { given: ['  padded  '], want: '/** padded */\n' },
    { given: ['a\nb', '  '], want: '  /**\n   * a\n   * b\n   */\n' },
    { given: ['a\n\nb'], want: '/**\n * a\n *\n * b\n */\n' },
    { given: ['close */ it'], want: '/** close *\\/ it */\n' },
  ])('tsDoc($given) → $want', ({ given, want }) => {
    expect(tsDoc(...given)).toBe(want);
  });
});

describe('lineCommentText', () => {
  it.each<{ given: string; want: string }>([
    { given: 'one line', want: 'one line' },
    { given: 'a\nb\r\nc', want: 'a b c' },
    { given: 'a\n\n\nb', want: 'a b' },
    { given: 'a\u2028b\u2029c', want: 'a b c' },
    { given: 'a\u202Eb', want: 'a\\u202eb' },
    { given: '', want: '' },
  ])('$given → $want', ({ given, want }) => {
    expect(lineCommentText(given)).toBe(want);
  });
});

describe('html', () => {
  it.each<{ given: string; want: string }>([
    { given: 'plain', want: 'plain' },
    { given: '<a href="x">\'&\'</a>', want: '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;' },
    { given: '`onload`', want: '&#96;onload&#96;' },
    { given: '&amp;', want: '&amp;amp;' },
    { given: 'a\u202Eb', want: 'a\\u202eb' },
    { given: 'café 😀', want: 'café 😀' },
    { given: '', want: '' },
  ])('$given → $want', ({ given, want }) => {
    expect(html(given)).toBe(want);
  });
});

describe('jsonInHtml', () => {
  it.each<{ given: unknown; want: string }>([
    { given: { a: '</script><!--' }, want: '{"a":"\\u003c/script\\u003e\\u003c!--"}' },
    { given: 'a&b', want: '"a\\u0026b"' },
    { given: 'a\u2028b', want: '"a\\u2028b"' },
    { given: [1, null, true], want: '[1,null,true]' },
    { given: null, want: 'null' },
    // JSON.stringify(undefined) is undefined; a script needs a value.
    { given: undefined, want: 'null' },
  ])('$given → $want', ({ given, want }) => {
    expect(jsonInHtml(given)).toBe(want);
  });
});

describe('markdown (inline text)', () => {
  it.each<{ given: string; want: string }>([
    { given: 'Hello world', want: 'Hello world' },
    { given: '*bold* _it_ `code`', want: '\\*bold\\* \\_it\\_ \\`code\\`' },
    { given: '# Title', want: '\\# Title' },
    { given: '1. item', want: '1\\. item' },
    { given: '[x](javascript:alert(1))', want: '\\[x\\]\\(javascript:alert\\(1\\)\\)' },
    { given: '<script>alert(1)</script>', want: '&lt;script\\>alert\\(1\\)&lt;/script\\>' },
    // Entity references are Markdown too: `&copy;` would show ©, not what was written.
    { given: '&copy; &#60;', want: '\\&copy; \\&\\#60;' },
    { given: 'a\nb\r\nc', want: 'a b c' },
    { given: 'a\u202Eb', want: 'a\\\\u202eb' },
    { given: 'café 😀', want: 'café 😀' },
    { given: '', want: '' },
  ])('$given → $want', ({ given, want }) => {
    expect(markdown(given)).toBe(want);
  });
});

describe('markdownCode (a code span shows its content literally)', () => {
  it.each<{ given: string; want: string }>([
    { given: 'GET /.well-known/agent-card.json', want: '`GET /.well-known/agent-card.json`' },
    { given: '*x* <b> \\', want: '`*x* <b> \\`' },
    { given: 'a`b', want: '``a`b``' },
    { given: 'a``b', want: '```a``b```' },
    { given: '`a', want: '`` `a ``' },
    { given: '`', want: '`` ` ``' },
    { given: 'a\nb\r\nc', want: '`a b c`' },
    { given: 'a\u202Eb', want: '`a\\u202eb`' },
    // `` is no code span (two backticks, shown as they are); a span holding a space is.
    { given: '', want: '` `' },
  ])('$given → $want', ({ given, want }) => {
    expect(markdownCode(given)).toBe(want);
  });
});

describe('markdownBlock (a fence no content can close)', () => {
  it.each<{ given: [string, string]; want: string }>([
    { given: ['sh', 'npm start'], want: '```sh\nnpm start\n```' },
    { given: ['json', 'a ``` b'], want: '````json\na ``` b\n````' },
    { given: ['', '````'], want: '`````\n````\n`````' },
    { given: ['js; rm -rf', 'x'], want: '```jsrm-rf\nx\n```' },
    { given: ['`', 'x'], want: '```\nx\n```' },
    { given: ['sh', '# on /a\u202Eb'], want: '```sh\n# on /a\\u202eb\n```' },
    { given: ['sh', ''], want: '```sh\n\n```' },
  ])('$given → $want', ({ given, want }) => {
    expect(markdownBlock(...given)).toBe(want);
  });
});

describe('tsPropertyKey', () => {
  it.each<{ given: string; want: string }>([
    { given: 'name', want: 'name' },
    { given: '$ref', want: '$ref' },
    { given: '_x1', want: '_x1' },
    { given: 'class', want: 'class' }, // a reserved word is a valid property name
    { given: 'constructor', want: 'constructor' },
    { given: 'a-b', want: '"a-b"' },
    { given: '1a', want: '"1a"' },
    { given: '', want: '""' },
    { given: 'café', want: '"café"' },
    { given: '__proto__', want: '["__proto__"]' }, // a bare or quoted key would set the prototype
  ])('$given → $want', ({ given, want }) => {
    expect(tsPropertyKey(given)).toBe(want);
  });
});

describe('tsLiteral', () => {
  it.each<{ given: unknown; want: string }>([
    { given: null, want: 'null' },
    { given: false, want: 'false' },
    { given: 1.5, want: '1.5' },
    { given: Number.NaN, want: 'null' },
    { given: -Infinity, want: 'null' },
    { given: 'a"b', want: '"a\\"b"' },
    { given: [], want: '[]' },
    { given: {}, want: '{}' },
    { given: [1, 'two', null], want: '[1, "two", null]' },
    { given: { a: 1, 'b-c': [true], d: undefined }, want: '{ a: 1, "b-c": [true] }' },
    { given: [{ a: 1 }], want: '[{ a: 1 }]' },
    { given: JSON.parse('{"__proto__":{"x":1}}'), want: '{ ["__proto__"]: { x: 1 } }' },
    { given: { long: 'x'.repeat(80), b: 1 }, want: `{\n  long: "${'x'.repeat(80)}",\n  b: 1,\n}` },
    { given: Array(30).fill('abc'), want: `[\n${Array(30).fill('  "abc"').join(',\n')},\n]` },
    { given: undefined, want: 'undefined' },
  ])('$given → $want', ({ given, want }) => {
    expect(tsLiteral(given)).toBe(want);
  });

  it('indents nested values from the given indentation', () => {
    expect(tsLiteral({ a: { b: 'y'.repeat(80) } }, '    ')).toBe(`{\n      a: {\n        b: "${'y'.repeat(80)}",\n      },\n    }`);
  });
});
