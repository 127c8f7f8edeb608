// The offending line of an input, quoted under its error with a caret at the column, so a
// syntax error can be seen without opening the file.

/** At most this many characters of a line are shown, around the column (a minified JSON line may be megabytes). */
const WIDTH = 100;

/**
 * `  5 |   version: 1.0.0` and `    |   ^` for 1-based `line` and `column`; nothing when the
 * line does not exist. Tabs show as →, so a tab that is the mistake can be seen; control and
 * bidirectional-override characters show as �, so the quote cannot restyle the terminal.
 */
export function quoteSource(text: string, line: number, column: number): string[] {
  const source = text.split(/\r?\n/)[line - 1];
  if (source === undefined) return [];
  const at = Math.max(0, column - 1);
  const start = source.length > WIDTH ? Math.max(0, Math.min(at - WIDTH / 2, source.length - WIDTH)) : 0;
  const before = start > 0 ? '…' : '';
  const after = start + WIDTH < source.length ? '…' : '';
  const shown = source
    .slice(start, start + WIDTH)
    .replace(/\t/g, '→')
    .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g, '�');
  const gutter = String(line);
  return [`  ${gutter} | ${before}${shown}${after}`, `  ${' '.repeat(gutter.length)} | ${' '.repeat(before.length + at - start)}^`];
}
