// Descriptions — the schema's and the manifest's — are Markdown by convention. The HTML docs
// render a small, fixed subset of it with this code, at generation time, and only ever write
// markup this module chooses: every character of the input reaches the page through `html()`.
//
// Blocks: paragraphs (separated by blank lines; a line break inside is a space, as in any
// Markdown renderer: the schema's descriptions are wrapped at 80 columns), bullet lists
// (`-`, `*`, `+`) and ordered lists (`1.` or `1)`) whose items start a line; a bullet item, or
// an ordered item numbered 1, may interrupt a paragraph; a line that starts no item continues
// the one before.
// Inline: code spans (backtick runs as in CommonMark), `*em*` / `_em_`, `**strong**` /
// `__strong__`, `[text](url)` for http(s) URLs only, and backslash escapes of punctuation.
// Emphasis needs a letter, digit, quote, bracket or code span just inside each delimiter (so
// `*/ /*` or `a * b` stay as they are), and `_` never works inside a word (`snake_case`).
// Everything else — raw HTML, images, headings, fences, other URL schemes such as
// `javascript:` — is shown as the text it is. Each step is linear in the input, so a
// megabyte of hostile description costs milliseconds.
import { html } from './escape.js';

type Block = { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; start: number; items: string[] };

const ITEM = /^ {0,3}(?:([-*+])|(\d{1,9})([.)]))[ \t]+(?=\S)/;

/** Markdown-subset text as HTML blocks (`<p>`, `<ul>`, `<ol>`), with nothing between them. */
export function proseHtml(text: string): string {
  return blocks(text)
    .map((b) => {
      if (b.kind === 'p') return `<p>${inlineHtml(b.text)}</p>`;
      const items = b.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('');
      return b.kind === 'ol' && b.start !== 1 ? `<ol start="${b.start}">${items}</ol>` : `<${b.kind}>${items}</${b.kind}>`;
    })
    .join('');
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  let list: { kind: 'ul' | 'ol'; start: number; items: string[][] } | undefined;
  const endPara = (): void => {
    if (para.length) out.push({ kind: 'p', text: para.join('\n') });
    para = [];
  };
  const endList = (): void => {
    if (list) out.push({ kind: list.kind, start: list.start, items: list.items.map((lines) => lines.join('\n')) });
    list = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      endPara();
      endList();
      continue;
    }
    const m = ITEM.exec(raw);
    if (m) {
      const kind = m[1] ? 'ul' : 'ol';
      const number = m[2] ? Number(m[2]) : 1;
      // As in CommonMark, "2019. A good year." inside a paragraph is not a list.
      if (list?.kind === kind || kind === 'ul' || number === 1 || para.length === 0) {
        endPara();
        if (list && list.kind !== kind) endList();
        list ??= { kind, start: number, items: [] };
        list.items.push([raw.slice(m[0].length).trim()]);
        continue;
      }
    }
    if (list) list.items[list.items.length - 1].push(line);
    else para.push(line);
  }
  endPara();
  endList();
  return out;
}

type Token =
  | { t: 'text'; s: string }
  | { t: 'code'; s: string }
  | { t: 'delim'; raw: string; open: boolean; close: boolean; pair?: 'open' | 'close' }
  | { t: 'lbrack'; pair?: string }
  | { t: 'rlink'; raw: string; href: string; pair?: boolean };

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const OPENS_BEFORE = /[\p{L}\p{N}`(["']/u;
const CLOSES_AFTER = /[\p{L}\p{N}`)\]"'.!?:]/u;
const LINK_URL = /^\(\s*(https?:\/\/[^\s()<>]{1,2048})\s*\)/i;

/** One paragraph or list item as inline HTML. */
export function inlineHtml(s: string): string {
  return render(pair(tokenize(s)));
}

function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const push = (token: Token): void => {
    if (text) tokens.push({ t: 'text', s: text });
    text = '';
    tokens.push(token);
  };
  // Backtick run lengths known to have no closing run further on: each is searched for once.
  const unclosed = new Set<number>();
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && PUNCTUATION.test(s[i + 1])) {
      text += s[i + 1];
      i += 2;
    } else if (c === '`') {
      const n = runLength(s, i);
      const end = unclosed.has(n) ? -1 : closingRun(s, i + n, n);
      if (end < 0) {
        unclosed.add(n);
        text += s.slice(i, i + n);
      } else push({ t: 'code', s: codeText(s.slice(i + n, end)) });
      i = end < 0 ? i + n : end + n;
    } else if (c === '*' || c === '_') {
      const n = runLength(s, i);
      const before = i > 0 ? s[i - 1] : ' ';
      const after = s[i + n] ?? ' ';
      const open = OPENS_BEFORE.test(after) && !(c === '_' && WORD.test(before));
      const close = CLOSES_AFTER.test(before) && !(c === '_' && WORD.test(after));
      if (n <= 2 && (open || close)) push({ t: 'delim', raw: s.slice(i, i + n), open, close });
      else text += s.slice(i, i + n);
      i += n;
    } else if (c === '[') {
      push({ t: 'lbrack' });
      i++;
    } else if (c === ']') {
      const url = LINK_URL.exec(s.slice(i + 1, i + 2100));
      if (url) {
        push({ t: 'rlink', raw: s.slice(i, i + 1 + url[0].length), href: url[1] });
        i += 1 + url[0].length;
      } else {
        text += c;
        i++;
      }
    } else {
      text += c;
      i++;
    }
  }
  if (text) tokens.push({ t: 'text', s: text });
  return tokens;
}

const runLength = (s: string, i: number): number => {
  let n = 1;
  while (s[i + n] === s[i]) n++;
  return n;
};

/** The start of the next run of exactly `n` backticks at or after `from`, or -1. */
function closingRun(s: string, from: number, n: number): number {
  for (let i = s.indexOf('`', from); i >= 0; i = s.indexOf('`', i)) {
    const len = runLength(s, i);
    if (len === n) return i;
    i += len;
  }
  return -1;
}

/** CommonMark: line breaks become spaces; one space each side goes when both are there. */
function codeText(raw: string): string {
  const s = raw.replace(/\n/g, ' ');
  return s.length > 2 && s.startsWith(' ') && s.endsWith(' ') && s.trim() ? s.slice(1, -1) : s;
}

/**
 * Matches emphasis delimiters and link brackets on one stack, so pairs always nest: a closer
 * takes the nearest opener of its own kind and turns every opener above it back into text.
 * A link takes the nearest `[` before it; no link is made around another. Each kind keeps the
 * stack positions of its openers, so no token is looked at more than a few times.
 */
function pair(tokens: Token[]): Token[] {
  const stack: number[] = [];
  const byKind = new Map<string, number[]>();
  const kindOf = (t: Token): string => (t.t === 'delim' ? t.raw : '[');
  let linkFloor = 0;
  const push = (k: number): void => {
    const kind = kindOf(tokens[k]);
    const positions = byKind.get(kind) ?? [];
    byKind.set(kind, positions);
    positions.push(stack.length);
    stack.push(k);
  };
  // Openers of any kind above `height` are dropped (they stay text).
  const cut = (height: number): void => {
    stack.length = height;
    for (const positions of byKind.values()) while (positions.length && positions[positions.length - 1] >= height) positions.pop();
    linkFloor = Math.min(linkFloor, height);
  };
  const top = (kind: string): number => byKind.get(kind)?.at(-1) ?? -1;
  tokens.forEach((token, k) => {
    if (token.t === 'delim') {
      const p = token.close ? top(token.raw) : -1;
      if (p >= 0) {
        (tokens[stack[p]] as { pair?: string }).pair = 'open';
        token.pair = 'close';
        cut(p);
      } else if (token.open) push(k);
    } else if (token.t === 'lbrack') push(k);
    else if (token.t === 'rlink') {
      const p = top('[');
      if (p < linkFloor) return;
      (tokens[stack[p]] as { pair?: string }).pair = token.href;
      token.pair = true;
      cut(p);
      linkFloor = p;
    }
  });
  return tokens;
}

function render(tokens: Token[]): string {
  let out = '';
  for (const token of tokens) {
    switch (token.t) {
      case 'text':
        out += html(token.s);
        break;
      case 'code':
        out += `<code>${html(token.s)}</code>`;
        break;
      case 'delim': {
        const tag = token.raw.length === 2 ? 'strong' : 'em';
        out += token.pair === 'open' ? `<${tag}>` : token.pair === 'close' ? `</${tag}>` : html(token.raw);
        break;
      }
      case 'lbrack':
        out += token.pair ? `<a href="${html(token.pair)}" rel="noopener noreferrer">` : '[';
        break;
      case 'rlink':
        out += token.pair ? '</a>' : html(token.raw);
        break;
    }
  }
  return out;
}
