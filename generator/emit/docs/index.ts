// emit/docs: openrpc.json, openapi.json, API.md, the served protos (gRPC) and a self-contained
// index.html (inline CSS
// and JS allowed by hash in its Content-Security-Policy; nothing is fetched, and the try-it
// panel may only call the origin serving the page), plus the routes module through which the
// generated server serves them when the manifest enables docs.
import { createHash } from 'node:crypto';
import type { EmitContext } from '../context.js';
import { tsDoc, tsString } from '../escape.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from '../generated-file.js';
import type { SchemaSet } from '../validators.js';
import { schemaComponents } from './components.js';
import { openApiDocument } from './openapi.js';
import { openRpcDocument } from './openrpc.js';
import { docsView } from './view-model.js';

const DIR = `${A2A_DIR}/docs`;
const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export function emitDocs(ctx: EmitContext, schemas: SchemaSet): GeneratedFile[] {
  const files = renderDocs(ctx, schemas);
  // The server serves docs to anyone: skills listed only in the authenticated extended card
  // stay out of them, as they stay out of the public card. The files on disk document all.
  const hidden = ctx.agent.skills.some((s) => s.extendedOnly);
  const publicAgent = { ...ctx.agent, skills: ctx.agent.skills.filter((s) => !s.extendedOnly), extendedCard: ctx.agent.extendedCard && ctx.agent.card };
  const served = hidden ? renderDocs({ ...ctx, agent: publicAgent }, schemas) : files;
  return [
    generatorFile(`${DIR}/index.html`, files.page),
    generatorFile(`${DIR}/API.md`, files.markdown),
    generatorFile(`${DIR}/openrpc.json`, files.openrpc),
    generatorFile(`${DIR}/openapi.json`, files.openapi),
    generatorFile(`${DIR}/routes.ts`, routesModule(ctx, served)),
    // The protos the gRPC services are served from, byte for byte: what a client compiles.
    ...(ctx.agent.grpc?.protos ?? []).map((proto) => generatorFile(`${DIR}/${proto.file}`, proto.text)),
  ];
}

function renderDocs(ctx: EmitContext, schemas: SchemaSet): { page: string; markdown: string; openrpc: string; openapi: string } {
  const view = docsView(ctx, schemas);
  const css = ctx.templates.raw('docs/docs.css');
  // One inline script (one CSP hash): the page's navigation, then the try-it panel.
  const js = `${ctx.templates.raw('docs/docs.js')}\n${ctx.templates.raw('docs/try-it.js')}`;
  const components = schemaComponents(ctx.protocol, ctx.agent);
  return {
    page: ctx.templates.render('docs/index.html.hbs', { view, css, js, styleHash: cspHash(css), scriptHash: cspHash(js) }),
    markdown: ctx.templates.render('docs/API.md.hbs', { view }),
    openrpc: JSON.stringify(openRpcDocument(ctx, view, components), null, 2) + '\n',
    openapi: JSON.stringify(openApiDocument(ctx, view, components), null, 2) + '\n',
  };
}

/** The docs as GET routes of the server (`server.docs: true`), embedded so the build needs no assets. */
function routesModule(ctx: EmitContext, docs: { page: string; openrpc: string; openapi: string }): string {
  const type = `{ readonly type: string; readonly body: string }`;
  if (!ctx.agent.server.docs) {
    return `${tsDoc('The manifest does not turn on `server.docs`: the server serves no documentation.')}export const docsRoutes: Readonly<Record<string, ${type}>> | undefined = undefined;\n`;
  }
  return (
    `${tsDoc('Documentation routes, served publicly by the generated server (`server.docs: true` in the manifest). Skills only in the extended card are left out.')}` +
    `export const docsRoutes: Readonly<Record<string, ${type}>> | undefined = {\n` +
    `  '/docs': { type: 'text/html; charset=utf-8', body: ${tsString(docs.page)} },\n` +
    `  '/openapi.json': { type: 'application/json', body: ${tsString(docs.openapi)} },\n` +
    `  '/openrpc.json': { type: 'application/json', body: ${tsString(docs.openrpc)} },\n` +
    `};\n`
  );
}
