// openrpc.json: OpenRPC 1.3 — the JSON-RPC-native description: every method with its by-name
// params, result, the errors it can return and an example pairing; components from the schema.
// Streaming methods are marked `x-a2a-streaming` (OpenRPC has no notion of streams). Only the
// methods the agent serves are listed.
// @see https://spec.open-rpc.org/
import { errorsOf } from '../../model/method-errors.js';
import type { EmitContext } from '../context.js';
import type { JsonSchema } from '../../json-schema.js';
import { componentRef, paramFields } from './components.js';
import type { DocsView } from './view-model.js';

export function openRpcDocument(ctx: EmitContext, view: DocsView, schemas: Record<string, JsonSchema>): Record<string, unknown> {
  const { protocol, agent } = ctx;
  // Only the methods the agent serves (served.ts); `x-a2a-unserved` names the others.
  const methods = view.methods.map((v) => {
    const m = v.model;
    const params = paramFields(protocol, m.paramsType).map((p) => ({
      name: p.name,
      required: p.required,
      schema: p.schema,
      ...(p.description ? { description: p.description } : {}),
    }));
    const examples = v.example
      ? [
          {
            name: v.example.summary,
            params: Object.entries(v.example.params ?? {}).map(([name, value]) => ({ name, value })),
            result: { name: 'result', value: v.example.result },
          },
        ]
      : [];
    return {
      name: m.name,
      summary: (m.description ?? m.name).split('\n')[0].slice(0, 200),
      description:
        `${m.description ?? ''}${m.streaming ? '\n\nStreams: the HTTP response is text/event-stream; each event carries one JSON-RPC response whose result is described below.' : ''}`.trim(),
      paramStructure: 'by-name',
      params,
      result: { name: 'result', schema: componentRef(m.resultType) },
      errors: errorsOf(m, protocol.errors).map((e) => ({ $ref: `#/components/errors/${e.definition}` })),
      examples,
      'x-a2a-role': m.role,
      'x-a2a-streaming': m.streaming,
    };
  });
  const errors = Object.fromEntries(
    protocol.errors.map((e) => [e.definition, { code: e.code, message: e.defaultMessage, ...(e.description ? { data: { description: e.description } } : {}) }]),
  );
  return {
    openrpc: '1.3.2',
    info: {
      title: view.title,
      version: view.version || '0.0.0',
      description: view.description,
      'x-a2a-protocol-version': protocol.version,
      // Older versions answered through a translation (compat): by the A2A-Version that selects them, the agent's methods under their names there.
      ...(agent.compat.length
        ? { 'x-a2a-older-versions': agent.compat.map((c) => ({ version: c.fullVersion, a2aVersion: c.version, methods: c.methodNames })) }
        : {}),
    },
    servers: [{ name: 'A2A JSON-RPC endpoint', url: view.endpoint }],
    methods,
    components: { schemas, errors },
    ...(view.unserved.length ? { 'x-a2a-unserved': view.unserved } : {}),
    externalDocs: { description: `A2A ${protocol.name} specification`, url: protocol.specUrl },
  };
}
