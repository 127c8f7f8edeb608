// Finds the line a YAML layout mistake is on, and says what the mistake is, for the common ones
// people make in a hand-written manifest: indentation, tabs, a missing colon or space, an
// unclosed quote or bracket, a value that needs quotes. The parser notices these too, but
// often a line early (a line indented too far reads as the continuation of the value above,
// so the error lands on that value) and in its own terms. Only consulted once the parser has
// failed; it reads the block style a manifest is written in and gives up (says nothing) at
// anything it does not model — anchors, tags, explicit keys, nested `- -` lists — so the
// parser's own error is used there.

export interface LayoutMistake {
  /** 1-based, as every location a2a-gen prints. */
  line: number;
  column: number;
  message: string;
  /** A quote or bracket never closed: the parser only notices where the file ends. */
  unclosed?: true;
}

interface Level {
  indent: number;
  kind: 'map' | 'seq';
}

/** Thrown inside the scan for a construct it does not model: the scan then finds nothing. */
class NotModelled extends Error {}

const MAPPING_INDICATOR = /:(\s|$)/;

export function findLayoutMistake(text: string): LayoutMistake | undefined {
  try {
    return scan(text.replace(/^\uFEFF/, '').split(/\r?\n/));
  } catch (err) {
    if (err instanceof NotModelled) return undefined;
    throw err;
  }
}

function scan(lines: string[]): LayoutMistake | undefined {
  const stack: Level[] = [];
  /** The previous line ended with `key:` or `-` and nothing after: the next line may go deeper. */
  let opener: { column: number; kind: 'key' | 'dash' } | undefined;
  /** The previous line's value was a plain scalar, which a deeper line without a key continues. */
  let plainAbove = false;
  /** Inside a `|` or `>` block scalar whose key (or dash) is at this column. */
  let blockScalarOf: number | undefined;

  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n];
    const line = n + 1;
    const lead = /^[ \t]*/.exec(raw)![0];
    const rest = raw.slice(lead.length);
    if (blockScalarOf !== undefined) {
      if (rest === '' || (!lead.includes('\t') && lead.length > blockScalarOf) || (lead.includes('\t') && lead.indexOf('\t') > blockScalarOf)) continue;
      blockScalarOf = undefined;
    }
    if (rest === '' || rest.startsWith('#')) continue;
    if (lead.includes('\t')) {
      return {
        line,
        column: lead.indexOf('\t') + 1,
        message: 'a tab indents this line, and YAML indents with spaces only: replace the tab with spaces, as many as the lines it belongs with',
      };
    }
    if (lead === '' && /^(---|\.\.\.)(\s|$)/.test(rest)) {
      stack.length = 0;
      opener = undefined;
      plainAbove = false;
      continue;
    }
    if (/^[?%&*!|>]/.test(rest)) throw new NotModelled();
    const indent = lead.length;
    const isItem = rest === '-' || rest.startsWith('- ');
    if (!isItem && /^-[^\s\-.\d]/.test(rest)) {
      return { line, column: indent + 1, message: `a list item needs a space after its dash: write "- ${rest.slice(1)}"` };
    }

    // Where the line belongs: a new block under the line above, or beside an open one.
    let placed = false;
    if (opener && indent > opener.column) placed = true;
    // `key:` followed by `- item` at the key's own column is a list too.
    else if (opener?.kind === 'key' && indent === opener.column && isItem) placed = true;
    const underKey = placed && opener?.kind === 'key';
    opener = undefined;
    if (placed) stack.push({ indent, kind: isItem ? 'seq' : 'map' });
    else {
      let closed: Level | undefined;
      while (stack.length > 0 && stack.at(-1)!.indent > indent) closed = stack.pop();
      // Leaving a list written at its key's column: back in the mapping that holds the key.
      while (!isItem && stack.at(-1)?.kind === 'seq' && stack.at(-1)!.indent === indent && stack.at(-2)?.indent === indent) stack.pop();
      const top = stack.at(-1);
      if (!top) stack.push({ indent, kind: isItem ? 'seq' : 'map' });
      else if (top.indent < indent) {
        if (plainAbove && !isItem && !MAPPING_INDICATOR.test(rest)) continue; // a plain value going on over several lines
        return closed ? betweenLevels(line, indent, top.indent, closed.indent) : tooDeep(line, indent, top.indent);
      } else if (top.kind === 'seq' && !isItem) {
        return {
          line,
          column: indent + 1,
          message: 'the lines around this one are list items ("- …"): start this one with "- " as well, or indent it under the item it belongs to',
        };
      } else if (top.kind === 'map' && isItem) throw new NotModelled();
    }
    plainAbove = false;

    // What the line holds: `- `, then `key: value` or a value.
    let body = rest;
    let column = indent;
    if (isItem) {
      const after = rest.slice(1);
      const spaces = /^ */.exec(after)![0].length;
      body = after.slice(spaces);
      column = indent + 1 + spaces;
      if (body === '' || body.startsWith('#')) {
        opener = { column: indent, kind: 'dash' };
        continue;
      }
      if (body === '-' || body.startsWith('- ')) throw new NotModelled();
    }
    const entry = splitEntry(body);
    let outcome: ValueOutcome;
    if (entry) {
      if (isItem) stack.push({ indent: column, kind: 'map' });
      if (entry.value === '') {
        opener = { column, kind: 'key' };
        continue;
      }
      outcome = readValue(lines, n, entry.value, column + entry.valueOffset, column, entry.key);
    } else {
      if (!isItem && !underKey) return missingColon(line, column, body);
      // `- value`, or a key's value on the line below it (which opened no block after all).
      if (!isItem) stack.pop();
      outcome = readValue(lines, n, body, column, indent);
    }
    if ('mistake' in outcome) return outcome.mistake;
    n = outcome.lastLine;
    plainAbove = outcome.plain;
    blockScalarOf = outcome.blockScalar;
  }
  return undefined;
}

/** `key: value` split at its colon (the key may be quoted); undefined when the line is no entry. */
function splitEntry(body: string): { key: string; value: string; valueOffset: number } | undefined {
  let keyEnd: number;
  if (body.startsWith('"') || body.startsWith("'")) {
    const close = closingQuote(body, 0);
    if (close < 0) return undefined;
    const colon = /^\s*:(\s|$)/.exec(body.slice(close + 1));
    if (!colon) return undefined;
    keyEnd = close + 1 + colon[0].indexOf(':');
  } else {
    if (body.startsWith('[') || body.startsWith('{')) return undefined;
    const at = body.search(MAPPING_INDICATOR);
    const comment = body.search(/(^|\s)#/);
    if (at < 0 || (comment >= 0 && comment < at)) return undefined;
    keyEnd = at;
  }
  const afterColon = body.slice(keyEnd + 1);
  const spaces = /^\s*/.exec(afterColon)![0].length;
  const value = afterColon.slice(spaces);
  return { key: body.slice(0, keyEnd).trim(), value: value.startsWith('#') ? '' : value, valueOffset: keyEnd + 1 + spaces };
}

type ValueOutcome = { mistake: LayoutMistake } | { lastLine: number; plain: boolean; blockScalar?: number };

/**
 * Reads a value starting at `column` of line `n`: a quoted string or a flow collection may run
 * on over later lines (then their last line is returned), a `|`/`>` starts a block scalar, and
 * a plain value must not hold what YAML would read as structure.
 */
function readValue(lines: string[], n: number, value: string, column: number, ownerColumn: number, key?: string): ValueOutcome {
  const line = n + 1;
  const first = value[0];
  if (first === '"' || first === "'") {
    const end = closingAcrossLines(lines, n, column);
    if (!end) {
      return {
        mistake: {
          line,
          column: column + 1,
          message: `this ${first === '"' ? 'double' : 'single'} quote is never closed: end the value with ${first} on this line (or remove the opening one)`,
          unclosed: true,
        },
      };
    }
    return { lastLine: end.line, plain: false };
  }
  if (first === '[' || first === '{') {
    const end = closingAcrossLines(lines, n, column);
    if (!end) {
      const close = first === '[' ? ']' : '}';
      const what = first === '[' ? 'list' : 'mapping';
      return {
        mistake: {
          line,
          column: column + 1,
          message: `this ${first} is never closed: end the ${what} with ${close} on this line${first === '[' ? ', or write it one "- item" per line' : ''}`,
          unclosed: true,
        },
      };
    }
    return { lastLine: end.line, plain: false };
  }
  if ((first === '|' || first === '>') && /^[|>][-+0-9]*\s*(#.*)?$/.test(value)) return { lastLine: n, plain: false, blockScalar: ownerColumn };
  if (first === '@' || first === '`') {
    const shown = key === undefined ? `"${value}"` : `${key}: "${value}"`;
    return { mistake: { line, column: column + 1, message: `a value cannot start with ${first} unless it is quoted: write ${shown}` } };
  }
  if (first === '&' || first === '*' || first === '!') throw new NotModelled();
  const plain = value.replace(/\s+#.*$/, '');
  const colon = plain.search(MAPPING_INDICATOR);
  if (colon >= 0) {
    const shown = key === undefined ? `"${plain}"` : `${key}: "${plain}"`;
    return {
      mistake: { line, column: column + 1, message: `this value holds ": ", which YAML reads as the start of another key: put the value in quotes (${shown})` },
    };
  }
  return { lastLine: n, plain: true };
}

/** Index of the quote closing the one at `open` (escapes skipped), or -1 when this text does not close it. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/**
 * The line where the quote or bracket at line `n`, column `column` closes, looking through the
 * rest of the file (both may span lines); undefined when it never does. One pass from the
 * opening to the close, so reading past every multi-line value of a file costs one reading of
 * it. Inside brackets a quote only opens where a value starts (after `[`, `{`, `,` or `:`), as
 * in YAML: the apostrophe of `[it's]` is a letter.
 */
function closingAcrossLines(lines: string[], n: number, column: number): { line: number } | undefined {
  let depth = 0;
  let quote: string | undefined;
  let valueStarts = true;
  for (let i = n; i < lines.length; i++) {
    const text = lines[i];
    for (let j = i === n ? column : 0; j < text.length; j++) {
      const c = text[j];
      if (quote) {
        if (quote === '"' && c === '\\') j++;
        else if (c === quote && quote === "'" && text[j + 1] === "'") j++;
        else if (c === quote) {
          quote = undefined;
          if (depth === 0) return { line: i };
        }
        continue;
      }
      if ((c === '"' || c === "'") && valueStarts) quote = c;
      else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') {
        depth--;
        if (depth === 0) return { line: i };
      }
      if (c !== ' ' && c !== '\t') valueStarts = '[{,:'.includes(c);
    }
  }
  return undefined;
}

function missingColon(line: number, column: number, body: string): LayoutMistake {
  const glued = /^([^\s:#"']+):(\S.*)$/.exec(body);
  if (glued) return { line, column: column + glued[1].length + 1, message: `a colon after a key needs a space after it: write "${glued[1]}: ${glued[2]}"` };
  const words = /^(\S+)\s+(.*)$/.exec(body);
  const fixed = words ? `${words[1]}: ${words[2]}` : `${body}:`;
  return { line, column: column + 1, message: `this line has no colon, but the lines around it are "key: value" entries: did you mean "${fixed}"?` };
}

function tooDeep(line: number, indent: number, siblings: number): LayoutMistake {
  return {
    line,
    column: indent + 1,
    message: `the indentation of this line does not match the lines above it: it is indented ${spaces(indent)}, the line above ${spaces(siblings)} and already has its value (a line indented further only continues a plain value); indent it by ${spaces(siblings)}`,
  };
}

/** A line that closes a block but lands between two: `outer` and `inner` are the indents it falls between. */
function betweenLevels(line: number, indent: number, outer: number, inner: number): LayoutMistake {
  return {
    line,
    column: indent + 1,
    message: `the indentation of this line does not match the lines above it: it is indented ${spaces(indent)}, between the blocks above at ${spaces(outer)} and ${spaces(inner)}; indent it like the lines it belongs with`,
  };
}

const spaces = (n: number): string => `${n} space${n === 1 ? '' : 's'}`;
