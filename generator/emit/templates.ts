// Templates give generated files their shape. Handlebars runs with escaping helpers only:
// a bare `{{value}}` is rejected when the template is compiled, so no manifest string can
// reach output without passing the escaper for its context (TS, HTML, Markdown, JSON).
import Handlebars from 'handlebars';
import { html, jsonInHtml, markdown, markdownBlock, markdownCode, tsDoc, tsDocText, tsString } from './escape.js';

export interface Templates {
  /** A template's text as stored (runtime modules are copied verbatim). */
  raw(path: string): string;
  /** Template paths under a folder, sorted. */
  list(prefix: string): string[];
  /** Renders a Handlebars template (`.hbs`). */
  render(path: string, data: object): string;
}

type Env = ReturnType<typeof Handlebars.create>;

function createEnv(): Env {
  const env = Handlebars.create();
  const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
  env.registerHelper({
    /** A TS/JS string literal, quotes included. */
    ts: (v: unknown) => tsString(str(v)),
    /** Text inside a JSDoc block. */
    docText: (v: unknown) => tsDocText(str(v)),
    /** A whole JSDoc block (empty for empty text). */
    doc: (v: unknown, indent: unknown) => tsDoc(str(v), typeof indent === 'string' ? indent : ''),
    html: (v: unknown) => html(str(v)),
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
  });
  return env;
}

/** Rejects `{{value}}` without a helper: every interpolation must choose its escaper. Returns the parsed template. */
function parseEscaped(source: string, path: string, env: Env): hbs.AST.Program {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; path?: { original?: string; parts?: string[] }; params?: unknown[]; hash?: unknown; loc?: { start: { line: number } } };
    if (n.type === 'MustacheStatement' && (n.params?.length ?? 0) === 0 && !n.hash) {
      const name = n.path?.original ?? '';
      if (!env.helpers[name]) throw new Error(`${path}:${n.loc?.start.line}: {{${name}}} interpolates without an escaping helper (use ts, html, md, json, doc or code)`);
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  const ast = env.parse(source);
  visit(ast);
  return ast;
}

export function createTemplates(files: ReadonlyMap<string, string>): Templates {
  const env = createEnv();
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const raw = (path: string): string => {
    const text = files.get(path);
    if (text === undefined) throw new Error(`a2a-gen: missing template ${path}`);
    return text;
  };
  return {
    raw,
    list: (prefix) => [...files.keys()].filter((p) => p.startsWith(prefix)).sort(),
    render(path, data) {
      let template = compiled.get(path);
      if (!template) {
        template = env.compile(parseEscaped(raw(path), path, env), { noEscape: true });
        compiled.set(path, template);
      }
      return template(data);
    },
  };
}
