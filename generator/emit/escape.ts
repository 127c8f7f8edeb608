// Every string that comes from a manifest or a schema passes through one of these before it
// reaches generated code, HTML or Markdown. Each targets one context; none is "general".

const LINE_SEPARATORS = /[\u2028\u2029]/g;
/** Bidirectional overrides and isolates ("Trojan Source", CVE-2021-42574) and other invisible controls. */
const BIDI_AND_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const hex4 = (c: string): string => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');

/** A TypeScript/JavaScript string literal (double-quoted) holding exactly `s`. */
export function tsString(s: string): string {
  return JSON.stringify(s).replace(LINE_SEPARATORS, hex4).replace(BIDI_AND_CONTROLS, hex4);
}

/** Text safe inside a `/** … *\/` block: no terminator, no invisible or bidi controls, `*` per line. */
export function tsDocText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(LINE_SEPARATORS, '\n')
    .replace(BIDI_AND_CONTROLS, hex4)
    .replace(/\*\//g, '*\\/')
    .replace(/\/\*/g, '/\\*')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

/** A JSDoc block for `s` at the given indentation (empty when `s` is empty). */
export function tsDoc(s: string | undefined, indent = ''): string {
  if (!s || !s.trim()) return '';
  const lines = tsDocText(s.trim()).split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ' ' + l : ''}`).join('\n')}\n${indent} */\n`;
}

/** A single-line `//` comment's text. */
export function lineCommentText(s: string): string {
  return s.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(BIDI_AND_CONTROLS, hex4);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text (or an attribute value) in HTML. */
export function html(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]).replace(BIDI_AND_CONTROLS, hex4);
}

/** JSON embedded in an HTML `<script>`: no `</script>`, no `<!--`, no line separators; `undefined` (no JSON) is `null`. */
export function jsonInHtml(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(LINE_SEPARATORS, hex4);
}

/** Inline Markdown text: Markdown syntax, entity references (`&copy;`) and raw HTML all shown literally. */
export function markdown(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(BIDI_AND_CONTROLS, hex4)
    .replace(/[\\`*_{}[\]()#+\-.!|~>&]/g, '\\$&')
    .replace(/</g, '&lt;')
    .replace(/\n/g, ' ');
}

/** A Markdown code span holding `s` (backtick fences sized to the content; a space when `s` is empty, as `` is no span). */
export function markdownCode(s: string): string {
  if (s === '') return '` `';
  const clean = s.replace(/[\r\n]+/g, ' ').replace(BIDI_AND_CONTROLS, hex4);
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/** A fenced Markdown code block whose fence is longer than any backtick run inside. */
export function markdownBlock(language: string, content: string): string {
  const longest = Math.max(2, ...(content.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language.replace(/[^A-Za-z0-9_+-]/g, '')}\n${content.replace(BIDI_AND_CONTROLS, hex4)}\n${fence}`;
}

/** An object key in generated TS: bare when it is a plain identifier, quoted otherwise. `__proto__` is always computed. */
export function tsPropertyKey(key: string): string {
  if (key === '__proto__') return `[${tsString(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : tsString(key);
}

/**
 * A JSON value as a readable TypeScript literal. Keys go through `tsPropertyKey`, so a
 * `__proto__` key stays an own property instead of replacing the object's prototype.
 */
export function tsLiteral(value: unknown, indent = ''): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string') return tsString(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => tsLiteral(v, inner));
    const oneLine = `[${items.join(', ')}]`;
    return oneLine.length <= 80 && !oneLine.includes('\n') ? oneLine : `[\n${items.map((i) => inner + i).join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const members = entries.map(([k, v]) => `${tsPropertyKey(k)}: ${tsLiteral(v, inner)}`);
    // Small objects on one line, as arrays: a table of them (a card form, error codes) reads as one.
    const oneLine = `{ ${members.join(', ')} }`;
    return oneLine.length <= 80 && !oneLine.includes('\n') ? oneLine : `{\n${members.map((m) => inner + m).join(',\n')},\n${indent}}`;
  }
  return 'undefined';
}
