// Templates give generated files their shape. Handlebars runs with escaping helpers only:
// a bare `{{value}}` is rejected when a template is compiled, so no manifest string can
// reach output without passing the escaper for its context (TS, HTML, Markdown, JSON).
// Templates are precompiled by `npm run build` (see generator/build/precompile-templates.ts);
// this module renders them, and compiles any template the build has not seen.
import type HandlebarsFull from 'handlebars';
import RuntimeModule from 'handlebars/runtime.js';
import { sourceHash, type TemplateSources } from '../load/templates.js';
import { html, jsonInHtml, lineCommentText, markdown, markdownBlock, markdownCode, tsDoc, tsDocText, tsString } from './escape.js';
import { proseHtml } from './prose.js';

export interface Templates {
  /** A template's text as stored (runtime modules are copied verbatim). */
  raw(path: string): string;
  /** Template paths under a folder, sorted. */
  list(prefix: string): string[];
  /** Renders a Handlebars template (`.hbs`). */
  render(path: string, data: object): string;
}

type Env = typeof HandlebarsFull;
/** Handlebars' runtime (no compiler); its typings only re-export the full package's. */
const Runtime = RuntimeModule as unknown as Env;
type Render = (data: object) => string;

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** The escaping helpers every template uses (and the only helpers they may use). */
export const HELPERS: Record<string, (...args: never[]) => unknown> = {
  /** A TS/JS string literal, quotes included. */
  ts: (v: unknown) => tsString(str(v)),
  /** Text inside a top-level JSDoc block: continuation lines start with ` * `. */
  docText: (v: unknown) =>
    tsDocText(str(v))
      .split('\n')
      .join('\n * ')
      .replace(/ \* \n/g, ' *\n'),
  /** Text in a `//` comment: line breaks become spaces. */
  lineComment: (v: unknown) => lineCommentText(str(v)),
  /** A whole JSDoc block (empty for empty text). */
  doc: (v: unknown, indent: unknown) => tsDoc(str(v), typeof indent === 'string' ? indent : ''),
  html: (v: unknown) => html(str(v)),
  /** A description's Markdown subset as HTML blocks, every character escaped (prose.ts). */
  prose: (v: unknown) => proseHtml(str(v)),
  md: (v: unknown) => markdown(str(v)),
  mdCode: (v: unknown) => markdownCode(str(v)),
  /** A fenced code block: {{mdBlock "json" text}}. */
  mdBlock: (language: unknown, v: unknown) => markdownBlock(str(language), str(v)),
  /** JSON for a .json file or a TS expression (pretty, two spaces). */
  json: (v: unknown) => JSON.stringify(v ?? null, null, 2),
  /** JSON inside an HTML <script> element. */
  jsonInHtml: (v: unknown) => jsonInHtml(v ?? null),
  /** Code built by a typed builder or another template: already safe for its target. */
  code: (v: unknown) => str(v),
  eq: (a: unknown, b: unknown) => a === b,
  lower: (v: unknown) => str(v).toLowerCase(),
  /** Its arguments as a list (for join). */
  array: (...args: unknown[]) => args.slice(0, -1),
  join: (list: unknown, sep: unknown) => (Array.isArray(list) ? list.map(str).join(typeof sep === 'string' ? sep : ', ') : ''),
};

/** Compile options shared by the build-time precompiler and the fallback compiler. */
export const COMPILE_OPTIONS = {
  noEscape: true,
  data: false,
  knownHelpers: Object.fromEntries(Object.keys(HELPERS).map((h) => [h, true])),
  knownHelpersOnly: true,
} as const;

export function createEnv(base: Env = Runtime): Env {
  const env = base.create();
  env.registerHelper(HELPERS as never);
  return env;
}

/** Rejects `{{value}}` without a helper: every interpolation must choose its escaper. */
export function assertEscaped(ast: unknown, path: string): void {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; path?: { original?: string }; params?: unknown[]; hash?: unknown; loc?: { start: { line: number } } };
    if (n.type === 'MustacheStatement' && (n.params?.length ?? 0) === 0 && !n.hash) {
      const name = n.path?.original ?? '';
      if (!Object.hasOwn(HELPERS, name))
        throw new Error(`${path}:${n.loc?.start.line}: {{${name}}} interpolates without an escaping helper (use ts, html, md, json, doc or code)`);
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
}

/**
 * The render functions of every `.hbs` template: the build's precompiled form when its source
 * is unchanged since (a hash says so), else compiled here — editing templates in a checkout.
 * The full Handlebars compiler is loaded only then.
 */
export async function compileTemplates({ files, precompiled }: TemplateSources): Promise<Templates> {
  const env = createEnv();
  const compiled = new Map<string, Render>();
  const stale: string[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith('.hbs')) continue;
    const entry = precompiled[path];
    if (entry && entry.hash === sourceHash(text)) compiled.set(path, env.template(entry.spec as never) as never);
    else stale.push(path);
  }
  if (stale.length > 0) {
    const { default: Handlebars } = await import('handlebars');
    const full = createEnv(Handlebars);
    for (const path of stale) {
      const ast = full.parse(files.get(path)!);
      assertEscaped(ast, path);
      compiled.set(path, full.compile(ast, COMPILE_OPTIONS));
    }
  }
  return createTemplates(files, compiled);
}

/** `files`: every template's text; `compiled`: a render function for every `.hbs` among them. */
function createTemplates(files: ReadonlyMap<string, string>, compiled: ReadonlyMap<string, Render>): Templates {
  const raw = (path: string): string => {
    const text = files.get(path);
    if (text === undefined) throw new Error(`a2a-gen: missing template ${path}`);
    return text;
  };
  return {
    raw,
    list: (prefix) => [...files.keys()].filter((p) => p.startsWith(prefix)).sort(),
    render(path, data) {
      const template = compiled.get(path);
      if (!template) throw new Error(`a2a-gen: missing template ${path}`);
      return template(data);
    },
  };
}
