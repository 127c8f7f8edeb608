// The two helpers ajv's standalone code calls at run time, so generated validators need no
// ajv installed. Same semantics as ajv/dist/runtime/{ucs2length,equal}.

/** String length in Unicode code points (JSON Schema counts characters, not UTF-16 units). */
export function ucs2length(str: string): number {
  let length = 0;
  for (let i = 0; i < str.length; i++) {
    length++;
    const code = str.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < str.length) {
      const next = str.charCodeAt(i + 1);
      if ((next & 0xfc00) === 0xdc00) i++;
    }
  }
  return length;
}

/** Deep equality of JSON values, for `const`, `enum` and `uniqueItems`. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a !== a && b !== b; // NaN
}
