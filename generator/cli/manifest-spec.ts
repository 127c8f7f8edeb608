// Writes a spec version into the manifest itself: `init --spec` and `generate --spec` (a version
// move) record it there, so the next `npm run generate` keeps the version instead of silently
// moving the project back. The manifest is the author's file: only the `spec:` value's text
// changes (or one line is added), by its place in the source, so comments, blank lines, quoting
// and flow lists stay as written — re-serializing the document would reflow them.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isMap, isScalar, parse, parseDocument, Scalar } from 'yaml';

/** The manifest text with `spec:` set to `spec`; the text unchanged when it does not parse as a mapping. */
export function withSpec(text: string, spec: string): string {
  const doc = parseDocument(text);
  const root = doc.contents;
  if (doc.errors.length > 0 || !isMap(root) || !root.range) return text; // generate reports what is wrong, with its position
  // A JSON manifest (a flow mapping) keeps JSON's double quotes.
  const json = root.flow === true || text[root.range[0]] === '{';
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === 'spec');
  if (pair) {
    const value = pair.value;
    if (!isScalar(value) || !value.range || value.range[1] <= value.range[0]) {
      doc.set('spec', spec); // `spec:` with no value, or not a scalar: rare enough to re-serialize
      return doc.toString({ flowCollectionPadding: false, lineWidth: 0 });
    }
    const quoted = json || value.type === Scalar.QUOTE_DOUBLE ? 'double' : value.type === Scalar.QUOTE_SINGLE ? 'single' : 'plain';
    return text.slice(0, value.range[0]) + scalarText(spec, quoted) + text.slice(value.range[1]);
  }
  const first = root.items[0]?.key;
  if (json) {
    const at = root.range[0] + 1;
    return `${text.slice(0, at)}"spec": ${JSON.stringify(spec)}${root.items.length > 0 ? ', ' : ''}${text.slice(at)}`;
  }
  // A block mapping: a line of its own above the first key (below the file's opening comments).
  const at = isScalar(first) && first.range ? first.range[0] : root.range[0];
  return `${text.slice(0, at)}spec: ${scalarText(spec, 'plain')}\n${text.slice(at)}`;
}

/** `spec` as YAML reads it back as that very string: `0.3.0` plain, `1.0` quoted (plain, it is the number 1). */
function scalarText(spec: string, style: 'plain' | 'single' | 'double'): string {
  if (style === 'double') return JSON.stringify(spec);
  if (style === 'plain' && /^[\w./:@+~-]+$/.test(spec) && parse(spec) === spec) return spec;
  return `'${spec.replace(/'/g, "''")}'`;
}

/** Rewrites the manifest file with `spec:` set, atomically (a temporary beside it, then a rename). True when it changed. */
export async function recordSpec(file: string, spec: string): Promise<boolean> {
  const text = await readFile(file, 'utf8');
  const next = withSpec(text, spec);
  if (next === text) return false;
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, next, { flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return true;
}
