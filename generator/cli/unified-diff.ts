// A unified diff of two texts (3 lines of context, as `diff -u` and git print), for
// `generate --check --diff` and `--dry-run --diff`. Ours rather than the `diff` package: what
// is needed is one function — Myers' shortest edit script and hunk grouping, ~120 lines —
// and a2a-gen is installed into every agent project, where each dependency is one more to audit.

export interface DiffOptions {
  /** Lines of unchanged context around each change. */
  context?: number;
  /** ANSI colours (for a terminal). */
  color?: boolean;
}

type Op = { kind: ' ' | '-' | '+'; line: string };

/**
 * Beyond this many edits the shortest script is not searched for: the changed middle is shown
 * as removed and added whole. Myers' search costs time and memory growing with the square of
 * the edits, and a diff that large is read as "everything changed" either way.
 */
const MAX_EDITS = 1000;

/** `--- a/path`, `+++ b/path` and the hunks; '' when the texts are equal. `undefined` sides are /dev/null. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, opts: DiffOptions = {}): string {
  if ((before ?? '') === (after ?? '') && (before === undefined) === (after === undefined)) return '';
  const ops = diffLines(splitLines(before ?? ''), splitLines(after ?? ''));
  const paint = (code: string, text: string): string => (opts.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const out = [paint('1', before === undefined ? '--- /dev/null' : `--- a/${path}`), paint('1', after === undefined ? '+++ /dev/null' : `+++ b/${path}`)];
  for (const hunk of hunks(ops, opts.context ?? 3)) {
    out.push(paint('36', hunk.header));
    for (const op of hunk.ops) {
      const text = op.kind + op.line.replace(/\r?\n$/, '');
      out.push(op.kind === ' ' ? text : paint(op.kind === '-' ? '31' : '32', text));
      if (!op.line.endsWith('\n')) out.push('\\ No newline at end of file');
    }
  }
  return out.join('\n') + '\n';
}

/** Lines with their line ends, so a last line without one differs from the same line with one. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The edit script from `a` to `b`: equal lines kept, the rest removed or added. */
export function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB) ?? [...midA.map((line) => ({ kind: '-' as const, line })), ...midB.map((line) => ({ kind: '+' as const, line }))];
  const same = (line: string): Op => ({ kind: ' ', line });
  return [...a.slice(0, start).map(same), ...middle, ...a.slice(endA).map(same)];
}

/**
 * Myers (1986), "An O(ND) difference algorithm": for d = 0, 1, … the furthest point reached
 * on each diagonal k = x − y with d edits, following equal lines ("snakes") for free. Each
 * step's furthest points are kept, then walked back from the end to recover the script.
 * Undefined when more than MAX_EDITS edits are needed.
 */
function myers(a: string[], b: string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  // Lines as numbers: comparing them is then one instruction.
  const ids = new Map<string, number>();
  const id = (line: string): number => ids.get(line) ?? (ids.set(line, ids.size), ids.size - 1);
  const A = Int32Array.from(a, id);
  const B = Int32Array.from(b, id);
  const limit = Math.min(n + m, MAX_EDITS);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  /** trace[d][k + d]: the furthest x on diagonal k after d edits. */
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

function backtrack(a: string[], b: string[], trace: Int32Array[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d - 1];
    const at = (k: number): number => before[k + d - 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) (ops.push({ kind: ' ', line: a[--x] }), y--);
    if (down) ops.push({ kind: '+', line: b[--y] });
    else ops.push({ kind: '-', line: a[--x] });
  }
  while (x > 0 && y > 0) (ops.push({ kind: ' ', line: a[--x] }), y--);
  return ops.reverse();
}

/** Changes grouped with `context` lines around them; groups closer than twice that share a hunk. */
function hunks(ops: Op[], context: number): { header: string; ops: Op[] }[] {
  const out: { header: string; ops: Op[] }[] = [];
  // Old and new line numbers before each op.
  const oldBefore: number[] = [];
  const newBefore: number[] = [];
  let o = 0;
  let w = 0;
  for (const op of ops) {
    oldBefore.push(o);
    newBefore.push(w);
    if (op.kind !== '+') o++;
    if (op.kind !== '-') w++;
  }
  let i = 0;
  while (i < ops.length) {
    if (ops[i].kind === ' ') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i + 1;
    let j = i + 1;
    while (j < ops.length) {
      if (ops[j].kind !== ' ') {
        end = ++j;
        continue;
      }
      let run = 0;
      while (j + run < ops.length && ops[j + run].kind === ' ') run++;
      if (j + run >= ops.length || run > 2 * context) break;
      j += run;
    }
    const stop = Math.min(ops.length, end + context);
    const slice = ops.slice(start, stop);
    const oldCount = slice.filter((op) => op.kind !== '+').length;
    const newCount = slice.filter((op) => op.kind !== '-').length;
    // As diff -u: a range of one line is its number alone; an empty range names the line before it.
    const range = (first: number, count: number): string => (count === 1 ? `${first + 1}` : `${count === 0 ? first : first + 1},${count}`);
    out.push({ header: `@@ -${range(oldBefore[start], oldCount)} +${range(newBefore[start], newCount)} @@`, ops: slice });
    i = stop;
  }
  return out;
}
