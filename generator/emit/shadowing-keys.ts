// json-schema-to-typescript calls `node.hasOwnProperty(…)` on every object it walks (linker.js,
// normalizer.js). A schema with an own key `hasOwnProperty` — a skill property, a proto field
// (`has_own_property` reads as `hasOwnProperty` in JSON), a definition, a key inside an example —
// replaces that method with data, and the library crashes with "schema.hasOwnProperty is not a
// function". No other Object.prototype name breaks it: `constructor`, `toString`, `valueOf` and
// `__proto__` are read as own data already.
//
// So the word is swapped for a stand-in before compiling and swapped back in the output. The
// swap works on the JSON text, so keys, `required` entries, `$ref` pointers and descriptions all
// change together and the schema stays consistent. The stand-in is letters only, so the
// library's identifier mangling (`toSafeString`: upper-cases the first letter, and letters after
// digits or `_`) can only upper-case its first letter, which the swap back maps to
// `HasOwnProperty` exactly as the library would have named a type titled `hasOwnProperty`.

const SHADOWING = 'hasOwnProperty';

export interface ShadowingKeys<T> {
  /** The value to compile: `value` itself when it has no such key, else a copy with the stand-in. */
  safe: T;
  /** Puts the original word back in text the library produced from `safe`. */
  restore(text: string): string;
}

export function hideShadowingKeys<T>(value: T): ShadowingKeys<T> {
  const json = JSON.stringify(value);
  if (!json.includes(SHADOWING)) return { safe: value, restore: (text) => text };
  let standIn = 'aqgenOwnKeyStandIn';
  // Never a word the input already holds, or the swap back would change it too.
  while (json.toLowerCase().includes(standIn.toLowerCase())) standIn += 'q';
  const safe = JSON.parse(json.split(SHADOWING).join(standIn)) as T;
  const upper = (word: string): string => word[0].toUpperCase() + word.slice(1);
  return {
    safe,
    restore: (text) => text.split(standIn).join(SHADOWING).split(upper(standIn)).join(upper(SHADOWING)),
  };
}
