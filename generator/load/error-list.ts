// The list of mistakes a run reports: every independent one, each once, in the order a user
// reads the manifest, so one run gives all there is to fix.
import { InputError } from '../diagnostics.js';

/** More than this many errors are not read; the rest are counted instead of printed. */
export const MAX_ERRORS = 100;

/**
 * Sorts errors by file (the manifest first, then any other input such as a `--spec` file),
 * line and column; drops exact repeats; cuts the list at MAX_ERRORS with a line saying so.
 * The sort is stable, so errors at one place keep the order the checks found them in.
 */
export function inFileOrder(errors: InputError[], manifestFile: string): InputError[] {
  const rank = (e: InputError): [number, number, number] => [e.location?.file === manifestFile ? 0 : 1, e.location?.line ?? 0, e.location?.column ?? 0];
  const sorted = errors
    .map((error, index) => ({ error, key: rank(error), index }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.index - b.index)
    .map((x) => x.error);
  const seen = new Set<string>();
  const unique = sorted.filter((e) => {
    const key = e.format();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length <= MAX_ERRORS) return unique;
  const more = unique.length - MAX_ERRORS;
  return [...unique.slice(0, MAX_ERRORS), new InputError(`… and ${more} more error${more === 1 ? '' : 's'}; fix these and run again`, { file: manifestFile })];
}

/**
 * A filter for a later check's errors: drops those at or inside a JSON path an earlier check
 * already reported, so one mistake (`agent.name: 5`, wrong for the manifest and for the card)
 * is reported once, by the check that saw it first.
 */
export function notAlreadyReported(earlier: readonly InputError[]): (e: InputError) => boolean {
  const paths = earlier.map((e) => e.path).filter((p): p is string => p !== undefined && p !== '(root)');
  const inside = (path: string, outer: string): boolean =>
    path === outer || (path.startsWith(outer) && (path[outer.length] === '.' || path[outer.length] === '['));
  return (e) => e.path === undefined || !paths.some((outer) => inside(e.path!, outer));
}
