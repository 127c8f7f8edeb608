// emit/protocol: the runtime descriptor of the chosen A2A version: the method table (role,
// streaming, validators), the shapes that differ between versions and the card paths. The
// server and client runtimes are version-agnostic code that reads this one object.
import type { EmitContext } from './context.js';
import { tsDoc, tsLiteral, tsPropertyKey, tsString } from './escape.js';
import { runtimeExports } from '../runtime-symbols.js';
import { A2A_DIR, generatorFile, type GeneratedFile } from './generated-file.js';
import { validatorsIndexExports } from './generated-symbols.js';
import { TsFile } from './ts-file.js';

export function emitProtocolModule(ctx: EmitContext): GeneratedFile {
  const { protocol } = ctx;
  const file = new TsFile(`${A2A_DIR}/protocol.ts`);
  file.declare('protocol');
  const validators = file.import(validatorsIndexExports.validators);
  const methods = protocol.methods.map((m) => {
    const params = m.paramsType ? `${validators}[${tsString(m.paramsType)}]` : 'undefined';
    return (
      `    ${tsPropertyKey(m.name)}: {\n` +
      `      role: ${tsString(m.role)},\n` +
      `      streaming: ${m.streaming},\n` +
      `      paramsRequired: ${m.paramsRequired},\n` +
      `      params: ${params},\n` +
      `      result: ${validators}[${tsString(m.resultType)}],\n` +
      (m.paramsType && Object.hasOwn(protocol.requestShapes, m.paramsType) ? `      paramsShape: ${tsString(m.paramsType)},\n` : '') +
      `    },\n`
    );
  });
  const methodTableType = file.importType(runtimeExports.ProtocolDescriptor);
  file.add(
    tsDoc(`What the runtime needs to know about A2A ${protocol.name}, derived from its schema.\n@see ${protocol.specUrl}`),
    `export const protocol: ${methodTableType} = {\n`,
    `  version: ${tsString(protocol.version)},\n`,
    `  name: ${tsString(protocol.name)},\n`,
    ...(protocol.negotiation ? [`  negotiation: ${tsLiteral(protocol.negotiation, '  ')},\n`] : []),
    `  wellKnownPaths: ${tsLiteral(protocol.wellKnownPaths, '  ')},\n`,
    `  pushContentType: ${tsString(protocol.pushContentType)},\n`,
    `  extendedCard: ${tsLiteral(protocol.extendedCard, '  ')},\n`,
    `  features: ${tsLiteral(protocol.features, '  ')},\n`,
    `  rules: ${tsLiteral(protocol.rules, '  ')},\n`,
    `  methods: {\n${methods.join('')}  },\n`,
    `  requestShapes: ${tsLiteral(protocol.requestShapes, '  ')},\n`,
    ...(protocol.rest ? [`  rest: ${tsLiteral(protocol.rest, '  ')},\n`] : []),
    ...(protocol.cardForm ? [`  cardForm: ${tsLiteral(protocol.cardForm, '  ')},\n`] : []),
    ...(ctx.agent.compat.length
      ? [
          `  compat: ${tsLiteral(
            ctx.agent.compat.map(({ adapter: _, methodNames: __, grpc: ___, ...descriptor }) => descriptor),
            '  ',
          )},\n`,
        ]
      : []),
    `};\n`,
  );
  return generatorFile(file.path, file.toString());
}
