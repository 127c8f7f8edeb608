// emit/rest-codecs: the codecs of the HTTP+JSON wire when the version's bodies are not the
// method's own objects (v0.3.0: its proto's JSON) — the modules of templates/a2a/proto-v03/, which
// runtime.ts copies for such agents only. Other agents get `undefined` and carry none of that
// code: the server and client then send the objects as they are. The server's codec and the
// client's are named in two modules (rest-codecs.ts, client-rest-codec.ts), so that the client
// imports nothing of the server.
import type { EmitContext } from './context.js';
import { tsDoc } from './escape.js';
import type { ProjectSymbol, ValueSymbol } from '../project-symbol.js';
import { clientExports, serverExports, translationExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { TsFile } from './ts-file.js';

export function emitRestCodecs(ctx: EmitContext): GeneratedFile[] {
  return [
    codecModule(ctx, 'rest-codecs.ts', 'serverCodec', serverExports.RestWire, translationExports.protoV03ServerCodec),
    codecModule(ctx, 'client-rest-codec.ts', 'clientCodec', clientExports.ClientRestWire, translationExports.protoV03ClientCodec),
  ];
}

function codecModule(ctx: EmitContext, path: string, name: string, type: ProjectSymbol, protoV03: ValueSymbol): GeneratedFile {
  const { protocol } = ctx;
  const file = new TsFile(`${A2A_DIR}/${path}`);
  file.declare(name);
  const Codec = file.importType(type);
  if (protocol.rest?.wire === 'proto-v0.3') {
    file.add(
      tsDoc(`A2A ${protocol.name}'s HTTP+JSON carries the ProtoJSON of its a2a.proto: bodies are translated (proto-v03/).`),
      `export const ${name}: ${Codec} | undefined = ${file.import(protoV03)};\n`,
    );
  } else {
    file.add(
      tsDoc(`A2A ${protocol.name}'s HTTP+JSON${protocol.rest ? '' : ' (none)'} carries the methods' own objects: no codec.`),
      `export const ${name}: ${Codec} | undefined = undefined;\n`,
    );
  }
  return generatorFile(file.path, file.toString());
}
