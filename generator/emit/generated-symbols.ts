// The exports of the modules the generator writes itself, as symbols: the emitter that writes a
// module declares its names from here, and the emitters whose files import them import them from
// here, so writer and readers cannot disagree. (The runtime's hand-written modules import the same
// names by path, and the matrix test compiles them against every generated project.)
import { A2A_DIR, typeSymbol, valueSymbol, type TypeSymbol, type ValueSymbol } from '../project-symbol.js';
import type { SkillNames } from '../model/names.js';

/** Module paths, for files (`new TsFile(…)`) and `export *`. */
export const GENERATED = {
  types: `${A2A_DIR}/types.ts`,
  skillTypes: `${A2A_DIR}/skill-types.ts`,
  methods: `${A2A_DIR}/methods.ts`,
  errors: `${A2A_DIR}/errors.ts`,
  validators: `${A2A_DIR}/validators/index.ts`,
  compiledValidators: `${A2A_DIR}/validators/compiled.ts`,
  handlers: `${A2A_DIR}/server/handlers.ts`,
} as const;

/** A type of the A2A schema (types.ts), by its definition's name. */
export const schemaType = (definition: string): TypeSymbol => typeSymbol(GENERATED.types, definition);

/** A skill's payload type (skill-types.ts): `skill.names.input` or `.output`. */
export const skillType = (name: string): TypeSymbol => typeSymbol(GENERATED.skillTypes, name);

/** One of ajv's standalone validators (validators/compiled.ts), by its export name. */
export const compiledValidator = (name: string): ValueSymbol => valueSymbol(GENERATED.compiledValidators, name);

/** The handler a skill's scaffold (src/skills/<file>.ts, the author's) exports. */
export const skillHandler = (names: SkillNames): ValueSymbol => valueSymbol(names.handlerModule, 'handler');

/** methods.ts: the method table (emit/types.ts writes it). */
export const methodsExports = {
  A2AMethods: typeSymbol(GENERATED.methods, 'A2AMethods'),
  A2AMethodName: typeSymbol(GENERATED.methods, 'A2AMethodName'),
  ParamsOf: typeSymbol(GENERATED.methods, 'ParamsOf'),
  ResultOf: typeSymbol(GENERATED.methods, 'ResultOf'),
  StreamingMethodName: typeSymbol(GENERATED.methods, 'StreamingMethodName'),
  UnaryMethodName: typeSymbol(GENERATED.methods, 'UnaryMethodName'),
};

/** validators/index.ts (emit/validators.ts writes it). */
export const validatorsIndexExports = {
  validators: valueSymbol(GENERATED.validators, 'validators'),
  skillValidators: valueSymbol(GENERATED.validators, 'skillValidators'),
  extensionValidators: valueSymbol(GENERATED.validators, 'extensionValidators'),
};

/** skill-types.ts's maps from an extension's URI to the type of its metadata (emit/types.ts writes them). */
export const extensionMetadataTypes = {
  ExtensionMetadata: typeSymbol(GENERATED.skillTypes, 'ExtensionMetadata'),
  ExtensionArtifactMetadata: typeSymbol(GENERATED.skillTypes, 'ExtensionArtifactMetadata'),
};

/** server/handlers.ts (emit/server.ts writes it; it stays at server/ whatever else of the server moves). */
export const handlersExports = {
  SkillHandlers: typeSymbol(GENERATED.handlers, 'SkillHandlers'),
  SkillId: typeSymbol(GENERATED.handlers, 'SkillId'),
  AuthVerifiers: typeSymbol(GENERATED.handlers, 'AuthVerifiers'),
  CustomMethodHandlers: typeSymbol(GENERATED.handlers, 'CustomMethodHandlers'),
};
