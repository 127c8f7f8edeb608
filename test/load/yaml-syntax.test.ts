// YAML syntax errors: on the line the mistake is on (not the parser's line above it), in words
// saying what is wrong and what to do, with that line quoted and a caret at the column.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../generator/diagnostics.js';
import { parseManifestText } from '../../generator/load/manifest.js';
import { findLayoutMistake } from '../../generator/load/yaml-layout.js';
import { EXAMPLES_DIR, ROOT } from '../helpers/examples.js';

const BASE = `spec: 0.3.0
agent:
  name: Hello Agent
  description: Replies.
  version: 1.0.0
  url: http://localhost:41241/
  capabilities:
    streaming: true
    pushNotifications: false
skills:
  - id: echo
    name: Echo
    tags: [demo, echo]
`;

async function syntaxError(text: string): Promise<InputError> {
  const error = await parseManifestText(text, 'a2a.yaml').then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('YAML syntax errors: the right line, in words, quoted', () => {
  it('a line indented too far is reported on that line, not on the value above it', async () => {
    const e = await syntaxError(BASE.replace('  version: 1.0.0', '   version: 1.0.0'));
    expect(e.format()).toBe(
      [
        'a2a.yaml:5:4: YAML syntax error: the indentation of this line does not match the lines above it: it is indented 3 spaces, the line above 2 spaces and already has its value (a line indented further only continues a plain value); indent it by 2 spaces',
        '  5 |    version: 1.0.0',
        '    |    ^',
      ].join('\n'),
    );
  });

  it.each<[string, string, number, number, RegExp]>([
    [
      'indented less than its siblings',
      BASE.replace('  version: 1.0.0', ' version: 1.0.0'),
      5,
      2,
      /indentation of this line does not match the lines above it: it is indented 1 space, between the blocks above at 0 spaces and 2 spaces/,
    ],
    [
      'dedented between two blocks',
      BASE.replace('    pushNotifications: false', '   pushNotifications: false'),
      9,
      4,
      /does not match the lines above it: it is indented 3 spaces, between the blocks above at 2 spaces and 4 spaces/,
    ],
    [
      'too deep after a nested block',
      BASE.replace('    pushNotifications: false', '     pushNotifications: false'),
      9,
      6,
      /it is indented 5 spaces, the line above 4 spaces and already has its value.*indent it by 4 spaces$/,
    ],
    [
      'a list item out of line',
      BASE.replace('    name: Echo', '   name: Echo'),
      12,
      4,
      /it is indented 3 spaces, between the blocks above at 2 spaces and 4 spaces/,
    ],
    [
      'a tab as indentation',
      BASE.replace('  version: 1.0.0', '\tversion: 1.0.0'),
      5,
      1,
      /a tab indents this line, and YAML indents with spaces only: replace the tab with spaces/,
    ],
    [
      'an unclosed double quote',
      BASE.replace('  version: 1.0.0', '  version: "1.0.0'),
      5,
      12,
      /this double quote is never closed: end the value with " on this line/,
    ],
    [
      'an unclosed single quote',
      BASE.replace('  version: 1.0.0', "  version: '1.0.0"),
      5,
      12,
      /this single quote is never closed: end the value with ' on this line/,
    ],
    [
      'an unclosed bracket on the last line',
      BASE.replace('    tags: [demo, echo]', '    tags: [demo, echo'),
      13,
      11,
      /this \[ is never closed: end the list with \] on this line, or write it one "- item" per line/,
    ],
    ['an unclosed bracket mid-file', BASE.replace('  capabilities:\n', '  capabilities: [streaming\n'), 7, 17, /this \[ is never closed/],
    [
      'an unclosed brace',
      BASE.replace('  capabilities:\n    streaming: true', '  capabilities: { streaming: true'),
      7,
      17,
      /this \{ is never closed: end the mapping with \} on this line/,
    ],
    [
      'a duplicate key',
      BASE.replace('  version: 1.0.0', '  version: 1.0.0\n  name: Again'),
      6,
      3,
      /"name" appears twice in this mapping \(first on line 3\): remove one, or rename it/,
    ],
    [
      'a missing colon',
      BASE.replace('  version: 1.0.0', '  version 1.0.0'),
      5,
      3,
      /this line has no colon, but the lines around it are "key: value" entries: did you mean "version: 1\.0\.0"\?/,
    ],
    ['a missing colon before a block', BASE.replace('  capabilities:', '  capabilities'), 7, 3, /did you mean "capabilities:"\?/],
    [
      'no space after the colon',
      BASE.replace('  version: 1.0.0', '  version:1.0.0'),
      5,
      10,
      /a colon after a key needs a space after it: write "version: 1\.0\.0"/,
    ],
    [
      'no space after the colon of a URL',
      BASE.replace('  url: http://localhost:41241/', '  url:http://localhost:41241/'),
      6,
      6,
      /write "url: http:\/\/localhost:41241\/"/,
    ],
    ['no space after a list dash', BASE.replace('  - id: echo', '  -id: echo'), 11, 3, /a list item needs a space after its dash: write "- id: echo"/],
    [
      '": " inside a plain value',
      BASE.replace('  description: Replies.', '  description: Replies: with text.'),
      4,
      16,
      /this value holds ": ", which YAML reads as the start of another key: put the value in quotes \(description: "Replies: with text\."\)/,
    ],
    [
      'a value starting with @',
      BASE.replace('  description: Replies.', '  description: @bob'),
      4,
      16,
      /a value cannot start with @ unless it is quoted: write description: "@bob"/,
    ],
    ['a second document', `${BASE}---\nfoo: 1\n`, 14, 1, /the file holds more than one YAML document/],
  ])('%s', async (_name, text, line, column, message) => {
    const e = await syntaxError(text);
    expect(e.location).toEqual({ file: 'a2a.yaml', line, column });
    expect(e.message).toMatch(/^YAML syntax error: /);
    expect(e.message).toMatch(message);
    const source = text.split('\n')[line - 1].replace(/\t/g, '→');
    expect(e.excerpt).toEqual([`  ${line} | ${source}`, `  ${' '.repeat(String(line).length)} | ${' '.repeat(column - 1)}^`]);
  });

  it('multi-line quoted values, flow lists and block scalars are read past, to the real mistake', async () => {
    const text =
      BASE.replace('  description: Replies.', '  description: "Replies\n    over lines"\n  extra: [a,\n    b]\n  block: |\n    text: here\n      more') +
      '   bad: 1\n';
    const e = await syntaxError(text);
    expect(e.location?.line).toBe(text.split('\n').indexOf('   bad: 1') + 1);
    expect(e.message).toMatch(/it is indented 3 spaces, between the blocks above at 2 spaces and 4 spaces/);
  });

  it('an apostrophe inside a list is a letter, not a quote left open', async () => {
    const e = await syntaxError(BASE.replace('    tags: [demo, echo]', "    tags: [it's, demo,\n      echo]\n   oops: 1"));
    expect(e.location).toEqual({ file: 'a2a.yaml', line: 15, column: 4 });
    expect(e.message).toMatch(/indentation of this line does not match/);
  });

  it('a file full of multi-line values is scanned in linear time', () => {
    // (The parser's own time on such a file is its business: this is the scan's.)
    const many = Array.from({ length: 20_000 }, (_, i) => `  k${i}: [a,\n    b]\n`).join('');
    const started = performance.now();
    const mistake = findLayoutMistake(`agent:\n${many}   bad: 1\n`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mistake?.line).toBe(40_002);
  });

  it('what the layout scan does not model is explained from the parser, still quoted', async () => {
    // An anchor on its own: the scan gives up; the parser's duplicate-key error is put in words.
    const e = await syntaxError('base: &b\n  name: x\nagent: *b\nagent: 2\n');
    expect(e.format()).toBe(
      ['a2a.yaml:4:1: YAML syntax error: "agent" appears twice in this mapping (first on line 3): remove one, or rename it', '  4 | agent: 2', '    | ^'].join(
        '\n',
      ),
    );
  });

  it('a very long line is quoted around the column only', async () => {
    const e = await syntaxError(`agent:\n  description: ${'x'.repeat(5000)}: y\n`);
    expect(e.excerpt![0].length).toBeLessThan(120);
    expect(e.excerpt![0]).toMatch(/^ {2}2 \| {3}description: x+…$/);
    expect(e.excerpt![1]).toMatch(/^ {4}\| {16}\^$/);
  });
});

describe('the layout scan finds nothing in valid manifests', () => {
  const manifests = [
    ...readdirSync(EXAMPLES_DIR)
      .filter((n) => n.endsWith('.yaml'))
      .map((n) => join(EXAMPLES_DIR, n)),
    ...readdirSync(join(ROOT, 'test', 'fixtures', 'agents'))
      .filter((n) => n.endsWith('.yaml'))
      .map((n) => join(ROOT, 'test', 'fixtures', 'agents', n)),
  ];
  it.each(manifests.map((m) => [m.slice(ROOT.length + 1), m]))('%s', (_name, path) => {
    expect(findLayoutMistake(readFileSync(path, 'utf8'))).toBeUndefined();
  });

  it('nor in the YAML shapes a manifest may take', () => {
    const valid = [
      'key:\n- a\n- b\nnext: 1\n', // a list at its key's column
      'text: a long\n  value over lines\nnext: 1\n', // a plain value over several lines
      'text:\n  on the next line\nnext: 1\n',
      'list:\n  - a: 1\n    b: 2\n  -\n    c: 3\n', // a dash alone, then its mapping
      'q: "a: b"\nr: \'it\'\'s\'\n"quoted key": 1\n', // quotes, escapes, a quoted key
      'c: 1 # a comment: with a colon\n# a comment line\n  # indented comment\nd: 2\n',
      'b: |\n  text: not a key\n\n  more\nc: >-\n  folded\n',
      'flow: {a: [1, 2], b: "}"}\n',
      '---\nstarts: with a marker\n',
      'url: http://x:80/a\n',
      'n: -1\nm: -.5\n',
    ];
    for (const text of valid) expect(findLayoutMistake(text), text).toBeUndefined();
  });
});
