// The Markdown subset of descriptions in the HTML docs (generator/emit/prose.ts): what renders,
// what stays text, and that hostile or huge input costs little.
import { describe, expect, it } from 'vitest';
import { proseHtml } from '../../generator/emit/prose.js';

describe('proseHtml', () => {
  it.each([
    ['code spans', 'the `tasks/resubscribe` method', '<p>the <code>tasks/resubscribe</code> method</p>'],
    ['a code span holding a backtick', '`` a ` b `` and `unclosed', '<p><code>a &#96; b</code> and &#96;unclosed</p>'],
    ['HTML inside a code span', '`<b>`', '<p><code>&lt;b&gt;</code></p>'],
    ['emphasis and strong, nested', '*a **b** c* and __d__ and _e_', '<p><em>a <strong>b</strong> c</em> and <strong>d</strong> and <em>e</em></p>'],
    ['strong ending in punctuation', '**Note:** read', '<p><strong>Note:</strong> read</p>'],
    ['no emphasis inside words with _', 'snake_case_name', '<p>snake_case_name</p>'],
    ['no emphasis without a word inside', 'a * b, */ /*, image/*', '<p>a * b, */ /*, image/*</p>'],
    ['backslash escapes', '\\*not em\\* \\`x\\`', '<p>*not em* &#96;x&#96;</p>'],
    [
      'http(s) links',
      'see [RFC 8414](https://www.rfc-editor.org/rfc/rfc8414)',
      '<p>see <a href="https://www.rfc-editor.org/rfc/rfc8414" rel="noopener noreferrer">RFC 8414</a></p>',
    ],
    [
      'other schemes stay text',
      '[x](javascript:alert(1)) [y](data:text/html,hi) [z](/relative)',
      '<p>[x](javascript:alert(1)) [y](data:text/html,hi) [z](/relative)</p>',
    ],
    [
      'a URL cannot leave its attribute',
      '[x](https://e.com/"onmouseover=1)',
      '<p><a href="https://e.com/&quot;onmouseover=1" rel="noopener noreferrer">x</a></p>',
    ],
    [
      'no link inside a link',
      '[a [b](https://b.example)](https://a.example)',
      '<p>[a <a href="https://b.example" rel="noopener noreferrer">b</a>](https://a.example)</p>',
    ],
    ['emphasis and links nest or stay text', '*a [b* c](https://x.example)', '<p><em>a [b</em> c](https://x.example)</p>'],
    ['raw HTML is text', '<script>alert(1)</script><img src=x onerror=1>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=1&gt;</p>'],
    ['paragraphs; a line break is a space', 'one\ntwo\n\nthree', '<p>one\ntwo</p><p>three</p>'],
    [
      'a list interrupting a paragraph',
      'Key facts:\n- one\n- two `x`\ncontinued',
      '<p>Key facts:</p><ul><li>one</li><li>two <code>x</code>\ncontinued</li></ul>',
    ],
    ['ordered lists keep their start', '1. one\n2. two\n\n3) three', '<ol><li>one</li><li>two</li></ol><ol start="3"><li>three</li></ol>'],
    ['a number inside a paragraph is no list', 'In\n2019. A good year.', '<p>In\n2019. A good year.</p>'],
    ['headings are text; a fence is a code span', '# Title\n```\ncode\n```', '<p># Title\n<code>code</code></p>'],
    ['invisible and bidi controls are shown', 'a\u202Eb\u0000c', '<p>a\\u202eb\\u0000c</p>'],
    ['nothing', '', ''],
  ])('%s', (_name, input, want) => {
    expect(proseHtml(input)).toBe(want);
  });

  it('is linear: a megabyte of unmatched delimiters, brackets and backticks costs well under 3 s (about 0.5 s)', () => {
    const hostile = '*a _b [c `d ** __e ](f '.repeat((1024 * 1024) / 24);
    const started = performance.now();
    const out = proseHtml(hostile);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(out).not.toMatch(/<(?!\/?(p|em|strong|code|a)[ >])/);
  });
});
