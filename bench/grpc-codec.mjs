// The gRPC codec, chosen by measurement (issue 26): the runtime's own codec (templates/a2a/grpc/,
// driven by the wire schema a2a-gen derives from the proto) against the two well-kept protobuf
// runtimes it could have used instead — @bufbuild/protobuf (descriptors built from the same parse,
// test/grpc/reference-registry.ts) and protobufjs with its ProtoJSON extension. The runtime speaks
// ProtoJSON objects everywhere (JSON-RPC and HTTP+JSON carry them as they are), so each codec does
// the whole trip a gRPC call needs: a ProtoJSON object → bytes (an answer), bytes → a ProtoJSON
// object (a request). Messages are the work real agents do:
//   T answer   SendMessageResponse { task } with its history and a text artifact (bench scenario T)
//   S event    StreamResponse { artifactUpdate } — one of the 100 chunks of scenario S
//   big        SendMessageRequest with a 256 KiB text part and a data part of 1,000 keys (Struct)
// Each codec's bytes are decoded by the others and must give the same object, before any timing.
// Usage: node bench/grpc-codec.mjs [--rounds 3] [--ms 1000]
import { fromBinary, fromJson, toBinary, toJson } from '@bufbuild/protobuf';
import { build } from 'esbuild';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import { median, table } from './lib.mjs';
import { root } from './prepare.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const rounds = arg('rounds', 3);
const ms = arg('ms', 1000);

// The TypeScript sources themselves (the runtime's codec, the generator's proto parse, the test's
// reference descriptors), bundled once for node: bench/ is plain JavaScript.
const bundle = join(root, 'bench/.tmp/grpc-codec-subjects.mjs');
await build({
  stdin: {
    contents: [
      "export { protoText } from './generator/load/proto-locate.ts';",
      "export { parseProtoText } from './generator/load/proto-parse.ts';",
      "export { wireSchemaOf } from './generator/load/proto-wire.ts';",
      "export { ProtoCodec } from './templates/a2a/grpc/proto-codec.ts';",
      "export { referenceRegistry } from './test/grpc/reference-registry.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: bundle,
  logLevel: 'error',
});
const { protoText, parseProtoText, wireSchemaOf, ProtoCodec, referenceRegistry } = await import(bundle);
const { readFileSync } = await import('node:fs');
const protoFile = join(root, 'schema/proto/v1.0.1.proto');
const { root: parsed } = parseProtoText(protoText(protoFile, readFileSync(protoFile, 'utf8')));
const ours = new ProtoCodec(wireSchemaOf(parsed));
const registry = referenceRegistry(parsed, 'lf.a2a.v1');
// protobufjs parses the same text (as the generator does, keeping field names), with the
// google.protobuf types it bundles; the google.api options only annotate, so they are dropped.
const pbRoot = new protobuf.Root();
for (const file of ['struct', 'timestamp', 'empty', 'any', 'duration', 'field_mask', 'wrappers'])
  pbRoot.addJSON(protobuf.common.get(`google/protobuf/${file}.proto`).nested);
protobuf.parse(
  readFileSync(protoFile, 'utf8')
    .replace(/^import "google\/[^"]+";$/gm, '')
    .replace(/\s*\[\(google\.api\.[^\]]*\]/g, '')
    .replace(/^\s*option \(google\.api\.[^;]*;|^\s*option \(google\.api\.http\) = \{[^}]*\};/gms, ''),
  pbRoot,
  { keepCase: true },
);
pbRoot.resolveAll();

const codecs = {
  'a2a-gen (templates/a2a/grpc)': {
    encode: (type, json) => ours.encode(type, json),
    decode: (type, bytes) => ours.decode(type, bytes),
  },
  '@bufbuild/protobuf 2': {
    encode: (type, json) => toBinary(registry.getMessage(type), fromJson(registry.getMessage(type), json, { registry })),
    decode: (type, bytes) => toJson(registry.getMessage(type), fromBinary(registry.getMessage(type), bytes), { registry }),
  },
  'protobufjs 8 + protojson': {
    encode: (type, json) => {
      const t = pbRoot.lookupType(type);
      return t.encode(protojson.fromJson(t, json)).finish();
    },
    decode: (type, bytes) => {
      const t = pbRoot.lookupType(type);
      return protojson.toJson(t, t.decode(bytes));
    },
  },
};

const at = '2026-11-26T03:00:00.123Z';
const text = (n) => 'The deploy is done; every check passed. '.repeat(Math.ceil(n / 41)).slice(0, n);
const task = {
  id: '0c5b3a8e-8f1e-4d5e-9a57-6f7c1b2d3e4f',
  contextId: '9a1f2b3c-4d5e-6f70-8192-a3b4c5d6e7f8',
  status: { state: 'TASK_STATE_COMPLETED', timestamp: at },
  history: [
    {
      messageId: 'm-bench',
      role: 'ROLE_USER',
      parts: [{ text: 'task hello' }],
      contextId: '9a1f2b3c-4d5e-6f70-8192-a3b4c5d6e7f8',
      taskId: '0c5b3a8e-8f1e-4d5e-9a57-6f7c1b2d3e4f',
    },
  ],
  artifacts: [{ artifactId: 'a-1', name: 'reply', parts: [{ text: text(200) }], metadata: { skillId: 'echo' } }],
};
const MESSAGES = [
  { name: 'T answer', type: 'lf.a2a.v1.SendMessageResponse', value: { task } },
  {
    name: 'S event',
    type: 'lf.a2a.v1.StreamResponse',
    value: { artifactUpdate: { taskId: task.id, contextId: task.contextId, artifact: { artifactId: 'a-1', parts: [{ text: text(64) }] }, append: true } },
  },
  {
    name: 'big',
    type: 'lf.a2a.v1.SendMessageRequest',
    value: {
      message: {
        messageId: 'm-big',
        role: 'ROLE_USER',
        parts: [{ text: text(256 * 1024) }, { data: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key${i}`, i % 3 ? `value ${i}` : i])) }],
      },
    },
  },
];

// Every codec's bytes decode, by every codec, to the object they were made from.
for (const m of MESSAGES)
  for (const [writer, w] of Object.entries(codecs))
    for (const [reader, r] of Object.entries(codecs)) {
      const back = r.decode(m.type, w.encode(m.type, m.value));
      if (!isDeepStrictEqual(back, m.value)) throw new Error(`${m.name}: ${writer}'s bytes read by ${reader} give ${JSON.stringify(back).slice(0, 300)}`);
    }

/** Operations per second of `fn` for `ms` milliseconds (after a warm-up). */
function rate(fn) {
  for (let i = 0; i < 200; i++) fn();
  let n = 0;
  const started = performance.now();
  let now = started;
  while (now - started < ms) {
    for (let i = 0; i < 20; i++) fn();
    n += 20;
    now = performance.now();
  }
  return (n * 1000) / (now - started);
}

const results = {}; // `${message} ${direction}` → codec → [ops/s per round]
for (let round = 1; round <= rounds; round++) {
  for (const m of MESSAGES) {
    const bytes = ours.encode(m.type, m.value);
    for (const [name, c] of Object.entries(codecs)) {
      for (const [direction, fn] of [
        ['encode', () => c.encode(m.type, m.value)],
        ['decode', () => c.decode(m.type, bytes)],
      ]) {
        const key = `${m.name} ${direction}`;
        ((results[key] ??= {})[name] ??= []).push(rate(fn));
      }
    }
  }
  console.error(`round ${round} of ${rounds} done`);
}

const names = Object.keys(codecs);
const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
console.log(`\nProtoJSON object ↔ protobuf binary, ops/s (median of ${rounds} rounds of ${ms} ms); ratio = a2a-gen ÷ that codec\n`);
console.log(
  table(
    ['message, direction', ...names, ...names.slice(1).map((n) => `÷ ${n.split(' ')[0]}`)],
    Object.entries(results).map(([key, byCodec]) => {
      const medians = names.map((n) => median(byCodec[n]));
      return [key, ...medians.map(fmt), ...medians.slice(1).map((m) => `${(medians[0] / m).toFixed(2)}×`)];
    }),
  ),
);
console.log(`\nbytes: ${MESSAGES.map((m) => `${m.name} ${ours.encode(m.type, m.value).length.toLocaleString('en-US')}`).join(', ')}`);
