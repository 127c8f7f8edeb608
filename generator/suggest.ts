// "Did you mean …?" for names a user mistyped: manifest fields, enum values, security scheme
// names, spec versions and CLI options all go through this one function, so every suggestion
// follows the same rule. Ours rather than a library: it is twenty lines and the threshold is
// the part that matters.

/**
 * Edit distance counting insertions, deletions, substitutions and swaps of two neighbouring
 * characters as one edit each: the optimal-string-alignment form of Damerau-Levenshtein (a
 * substring is never edited twice, so "ca" → "abc" is 3, not 2). Swaps count once because
 * `descriptoin` is one slip of the fingers, not two.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rows suffice: the swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

/**
 * The most edits that still read as a typo of a name: 40% of the longer of the two (so
 * `0.3` → `0.3.0` and `descriptoin` → `description` qualify), at least one, and always fewer
 * than the typed name's length (`x` is not a typo of `y`).
 */
function withinReach(given: string, candidate: string, distance: number): boolean {
  const limit = Math.max(1, Math.floor(Math.max(given.length, candidate.length) * 0.4));
  return distance <= limit && distance < given.length;
}

/**
 * The candidate `given` was most likely meant to be, or undefined when none is close. Case is
 * ignored for the distance (`Description` → `description`) and breaks ties; remaining ties go
 * to the earlier candidate, so callers list their preferred answer first.
 */
export function closestName(given: string, candidates: Iterable<string>): string | undefined {
  const lower = given.toLowerCase();
  let best: { name: string; distance: number; exact: number } | undefined;
  for (const name of candidates) {
    if (name === given) continue;
    // Names far longer or shorter cannot be close: skip them without the quadratic work (a
    // hostile manifest may hold a key of a megabyte).
    if (Math.abs(name.length - given.length) > Math.max(name.length, given.length) * 0.4 + 1) continue;
    const distance = editDistance(lower, name.toLowerCase());
    if (!withinReach(given, name, distance)) continue;
    const exact = editDistance(given, name);
    if (!best || distance < best.distance || (distance === best.distance && exact < best.exact)) best = { name, distance, exact };
  }
  return best?.name;
}

/** `; did you mean "description"?` for a message, or '' when nothing is close. */
export function didYouMean(given: string, candidates: Iterable<string>, quote: (name: string) => string = (n) => JSON.stringify(n)): string {
  const name = closestName(given, candidates);
  return name === undefined ? '' : `; did you mean ${quote(name)}?`;
}
