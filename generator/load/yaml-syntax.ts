// A YAML syntax error as a user can act on it: on the line the mistake is on, saying what is
// wrong and what to do, with that line quoted. The parser's first error says that something
// broke and roughly where; yaml-layout.ts says which line and why for the common mistakes,
// and the parser's error codes are put into words for the rest.
import { isMap, isScalar, type Document, type LineCounter, type Node, type YAMLError } from 'yaml';
import { InputError } from '../diagnostics.js';
import { quoteSource } from './source-excerpt.js';
import { findLayoutMistake } from './yaml-layout.js';

export function yamlSyntaxError(text: string, file: string, doc: Document, counter: LineCounter): InputError {
  const first = doc.errors[0];
  const at = counter.linePos(first.pos[0]);
  const layout = findLayoutMistake(text);
  // The layout scan's line is used when it is where the parser stumbled, or the line after (a
  // line indented too far makes the parser fail on the line above it). An unclosed quote or
  // bracket is only noticed where the file ends, so its opening may be any line before.
  const near = layout && layout.line <= at.line + 1 && (layout.unclosed || layout.line >= at.line - 2);
  const { line, column, message } = near ? layout : { line: at.line, column: at.col, message: explain(first, doc, counter) };
  const label = file.endsWith('.json') ? 'JSON' : 'YAML';
  return new InputError(`${label} syntax error: ${message}`, { file, line, column }, undefined, quoteSource(text, line, column));
}

/** The parser's error in words, for the mistakes yaml-layout.ts does not place. */
function explain(error: YAMLError, doc: Document, counter: LineCounter): string {
  const raw = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  switch (error.code) {
    case 'DUPLICATE_KEY':
      return duplicateKey(error.pos[0], doc, counter);
    case 'TAB_AS_INDENT':
      return 'a tab indents this line, and YAML indents with spaces only: replace the tab with spaces';
    case 'BAD_INDENT':
      if (/^Flow (sequence|map)/.test(raw)) {
        const [open, close] = raw.startsWith('Flow map') ? ['{', '}'] : ['[', ']'];
        return `a ${open} opened above is not closed before this line: close it with ${close}`;
      }
      return 'the indentation of this line does not match the lines above it: indent it like the lines it belongs with';
    case 'MISSING_CHAR':
      if (/quote/.test(raw)) return 'a quote opened above is never closed: end its value with the same quote';
      if (/without - indicator/.test(raw)) return 'the lines around this one are list items ("- …"): start this one with "- " as well';
      break;
    case 'BAD_SCALAR_START':
      return `a value cannot start with ${/character (\S+)/.exec(raw)?.[1] ?? 'this character'} unless it is quoted: put the value in quotes`;
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'this does not read as "key: value": check the indentation of this line and the next, that each key ends with ": ", and quote a value that holds ": "';
    case 'MULTIPLE_DOCS':
      return 'the file holds more than one YAML document (a "---" line splits it); a manifest is one document';
  }
  return `this is not valid YAML here (the YAML parser says: ${raw})`;
}

/**
 * A key that repeats one before it in the same mapping, found by parseLocatedDocument's walk
 * (the parser's own check compares each key with every earlier one: quadratic, 20 s for a JSON
 * object of 50,000 keys).
 */
export function duplicateKeyError(text: string, file: string, counter: LineCounter, key: string, at: number, first: number): InputError {
  const { line, col: column } = counter.linePos(at);
  const label = file.endsWith('.json') ? 'JSON' : 'YAML';
  const message = `${JSON.stringify(key)} appears twice in this mapping (first on line ${counter.linePos(first).line}): remove one, or rename it`;
  return new InputError(`${label} syntax error: ${message}`, { file, line, column }, undefined, quoteSource(text, line, column));
}

/** `"name" appears twice in this mapping (first on line 3): …`, found by the key's offset. */
function duplicateKey(offset: number, doc: Document, counter: LineCounter): string {
  const keyOf = (node: unknown): string => (isScalar(node) ? String(node.value) : String(node));
  let found: { key: string; firstLine?: number } | undefined;
  const walk = (node: unknown, depth: number): void => {
    if (found || depth > 256 || !node || typeof node !== 'object') return;
    if (isMap(node)) {
      const pairs = node.items;
      const index = pairs.findIndex((p) => (p.key as Node | null)?.range?.[0] === offset);
      if (index >= 0) {
        const key = keyOf(pairs[index].key);
        const earlier = pairs.slice(0, index).find((p) => keyOf(p.key) === key)?.key as Node | undefined;
        found = { key, firstLine: earlier?.range ? counter.linePos(earlier.range[0]).line : undefined };
        return;
      }
      for (const p of pairs) walk(p.value, depth + 1);
    } else if ('items' in node && Array.isArray((node as { items: unknown[] }).items)) {
      for (const item of (node as { items: unknown[] }).items) walk(item, depth + 1);
    }
  };
  walk(doc.contents, 0);
  if (!found) return 'this key appears twice in its mapping: remove or rename one';
  const where = found.firstLine === undefined ? '' : ` (first on line ${found.firstLine})`;
  return `${JSON.stringify(found.key)} appears twice in this mapping${where}: remove one, or rename it`;
}
