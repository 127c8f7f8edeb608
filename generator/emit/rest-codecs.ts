// emit/rest-codecs: src/a2a/rest-codecs.ts, which names the codecs of the HTTP+JSON wire when the
// version's bodies are not the method's own objects (v0.3.0: its proto's JSON): the modules of
// templates/a2a/proto-v03/, which runtime.ts copies for such agents only. Other agents get
// `undefined` and carry none of that code: the server and client then send the objects as they are.
import type { EmitContext } from './context.js';
import { tsDoc } from './escape.js';
import { clientExports, serverExports, translationExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { TsFile } from './ts-file.js';

export function emitRestCodecs(ctx: EmitContext): GeneratedFile[] {
  const file = new TsFile(`${A2A_DIR}/rest-codecs.ts`);
  for (const name of ['serverCodec', 'clientCodec']) file.declare(name);
  const RestWire = file.importType(serverExports.RestWire);
  const ClientRestWire = file.importType(clientExports.ClientRestWire);
  if (ctx.protocol.rest?.wire !== 'proto-v0.3') {
    file.add(
      tsDoc(`A2A v${ctx.protocol.version}'s HTTP+JSON${ctx.protocol.rest ? '' : ' (none)'} carries the methods' own objects: no codec.`),
      `export const serverCodec: ${RestWire} | undefined = undefined;\n`,
      `export const clientCodec: ${ClientRestWire} | undefined = undefined;\n`,
    );
    return [generatorFile(file.path, file.toString())];
  }
  const server = file.import(translationExports.protoV03ServerCodec);
  const client = file.import(translationExports.protoV03ClientCodec);
  file.add(
    tsDoc(`A2A v${ctx.protocol.version}'s HTTP+JSON carries the ProtoJSON of its a2a.proto: bodies are translated (proto-v03/).`),
    `export const serverCodec: ${RestWire} | undefined = ${server};\n`,
    `export const clientCodec: ${ClientRestWire} | undefined = ${client};\n`,
  );
  return [generatorFile(file.path, file.toString())];
}
