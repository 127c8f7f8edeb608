// json-schema-to-typescript's unformatted output is correct but flush-left. Its Prettier pass
// would fix that, at 1.3× the cost of generating the types themselves (bench/README.md), so a
// bracket-depth re-indenter gives the same readable layout for the narrow code we feed it.

export function reindent(code: string, unit = '  '): string {
  let depth = 0;
  let inBlockComment = false;
  const out: string[] = [];
  for (const raw of code.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      out.push('');
      continue;
    }
    if (inBlockComment || line.startsWith('/*')) {
      const startsComment = line.startsWith('/*');
      out.push(unit.repeat(depth) + (startsComment ? line : ' ' + line));
      inBlockComment = !line.includes('*/') || (startsComment && line.indexOf('*/') < 2);
      continue;
    }
    const leadingClosers = /^[}\])]+/.exec(line)?.[0].length ?? 0;
    out.push(unit.repeat(Math.max(0, depth - leadingClosers)) + line);
    depth = Math.max(0, depth + bracketDelta(line));
  }
  return out.join('\n');
}

/** Net opening brackets on a line, ignoring those inside string literals and `//` comments. */
function bracketDelta(line: string): number {
  let delta = 0;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '/' && line[i + 1] === '/') break;
    else if (c === '{' || c === '[' || c === '(') delta++;
    else if (c === '}' || c === ']' || c === ')') delta--;
  }
  return delta;
}
