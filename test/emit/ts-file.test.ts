// The module builder every emitter uses for imports (generator/emit/ts-file.ts): imports are
// symbols, deduplicated, aliased on clashes (chosen when the file is printed), split into
// `import type`, given relative `.js` specifiers and sorted; re-exports likewise.
import { describe, expect, it } from 'vitest';
import { TsFile } from '../../generator/emit/ts-file.js';
import { typeSymbol, valueSymbol } from '../../generator/project-symbol.js';

interface Case {
  name: string;
  /** The module's path and what is done to it; returns what the calls gave back, which the body then uses: `use(a, b);`. */
  given: [path: string, build: (f: TsFile) => string[]];
  want: { text: string };
}

describe('TsFile', () => {
  it.each<Case>([
    {
      name: 'no imports: the body alone, ending in one newline',
      given: ['src/a2a/x.ts', (f) => (f.add('const a = 1;\n'), [])],
      want: { text: 'const a = 1;\n' },
    },
    {
      name: 'leading newlines dropped, trailing ones made one',
      given: ['src/a2a/x.ts', (f) => (f.add('\n\n', 'a;', '\n\n\n'), [])],
      want: { text: 'a;\n' },
    },
    {
      name: 'an empty module is one newline',
      given: ['src/a2a/x.ts', () => []],
      want: { text: '\n' },
    },
    {
      name: 'a type from the parent folder',
      given: ['src/a2a/server/methods.ts', (f) => [f.importType(typeSymbol('src/a2a/types.ts', 'Task'))]],
      want: { text: "import type { Task } from '../types.js';\n\nuse(Task);\n" },
    },
    {
      name: 'same folder and a subfolder',
      given: ['src/main.ts', (f) => [f.import(valueSymbol('src/a2a/server/index.ts', 'createA2AServer')), f.import(valueSymbol('src/helper.ts', 'help'))]],
      want: { text: "import { createA2AServer } from './a2a/server/index.js';\nimport { help } from './helper.js';\n\nuse(createA2AServer, help);\n" },
    },
    {
      name: 'packages and node: builtins stay as written',
      given: ['src/a2a/x.ts', (f) => [f.import(valueSymbol('node:http', 'createServer')), f.importType(typeSymbol('vitest', 'Mock'))]],
      want: { text: "import { createServer } from 'node:http';\nimport type { Mock } from 'vitest';\n\nuse(createServer, Mock);\n" },
    },
    {
      name: 'values and types from one module share a line; names sorted',
      given: [
        'src/a2a/x.ts',
        (f) => [
          f.importType(typeSymbol('src/a2a/errors.ts', 'ErrorCode')),
          f.import(valueSymbol('src/a2a/errors.ts', 'A2AError')),
          f.import(valueSymbol('src/a2a/errors.ts', 'A2A')),
        ],
      ],
      want: { text: "import { A2A, A2AError, type ErrorCode } from './errors.js';\n\nuse(ErrorCode, A2AError, A2A);\n" },
    },
    {
      name: 'modules sorted by specifier',
      given: [
        'src/a2a/server/x.ts',
        (f) => [
          f.import(valueSymbol('node:fs', 'readFile')),
          f.import(valueSymbol('src/a2a/server/y.ts', 'y')),
          f.import(valueSymbol('src/a2a/types.ts', 't')),
        ],
      ],
      want: { text: "import { t } from '../types.js';\nimport { y } from './y.js';\nimport { readFile } from 'node:fs';\n\nuse(readFile, y, t);\n" },
    },
    {
      name: 'the same import twice is one',
      given: ['src/a2a/x.ts', (f) => [f.import(valueSymbol('src/a2a/y.ts', 'y')), f.import(valueSymbol('src/a2a/y.ts', 'y'))]],
      want: { text: "import { y } from './y.js';\n\nuse(y, y);\n" },
    },
    {
      name: 'a type import later used as a value becomes a value import',
      given: ['src/a2a/x.ts', (f) => [f.importType(valueSymbol('src/a2a/y.ts', 'Y')), f.import(valueSymbol('src/a2a/y.ts', 'Y'))]],
      want: { text: "import { Y } from './y.js';\n\nuse(Y, Y);\n" },
    },
    {
      name: 'a value import stays one when also asked for as a type',
      given: ['src/a2a/x.ts', (f) => [f.import(valueSymbol('src/a2a/y.ts', 'Y')), f.importType(valueSymbol('src/a2a/y.ts', 'Y'))]],
      want: { text: "import { Y } from './y.js';\n\nuse(Y, Y);\n" },
    },
    {
      name: 'a name the module declares is never shadowed',
      given: ['src/a2a/x.ts', (f) => [f.declare('Task'), f.importType(typeSymbol('src/a2a/types.ts', 'Task'))]],
      want: { text: "import type { Task as Task_ } from './types.js';\n\nuse(Task, Task_);\n" },
    },
    {
      name: 'a name declared after the import still wins: the import is printed aliased, and so are its uses',
      given: ['src/a2a/client/index.ts', (f) => [f.importType(typeSymbol('src/a2a/types.ts', 'A2AClient')), f.declare('A2AClient')]],
      want: { text: "import type { A2AClient as A2AClient_ } from '../types.js';\n\nuse(A2AClient_, A2AClient);\n" },
    },
    {
      name: 'one name from three places: Task, Task_, Task_3',
      given: [
        'src/a2a/x.ts',
        (f) => [f.import(valueSymbol('src/a.ts', 'Task')), f.import(valueSymbol('src/b.ts', 'Task')), f.import(valueSymbol('src/c.ts', 'Task'))],
      ],
      want: {
        text:
          "import { Task } from '../a.js';\nimport { Task as Task_ } from '../b.js';\nimport { Task as Task_3 } from '../c.js';\n\n" +
          'use(Task, Task_, Task_3);\n',
      },
    },
    {
      name: 'an alias asked for',
      given: ['src/a2a/x.ts', (f) => [f.import(valueSymbol('node:fs/promises', 'readFile'), { as: 'read' })]],
      want: { text: "import { readFile as read } from 'node:fs/promises';\n\nuse(read);\n" },
    },
    {
      name: 'an aliased type beside values',
      given: ['src/a2a/x.ts', (f) => [f.declare('B'), f.import(valueSymbol('src/a2a/y.ts', 'A')), f.importType(typeSymbol('src/a2a/y.ts', 'B'))]],
      want: { text: "import { A, type B as B_ } from './y.js';\n\nuse(B, A, B_);\n" },
    },
    {
      name: '__proto__ and constructor are names like any other (kept in Maps, not objects)',
      given: ['src/a2a/x.ts', (f) => [f.import(valueSymbol('src/a2a/y.ts', '__proto__')), f.import(valueSymbol('src/a2a/y.ts', 'constructor'))]],
      want: { text: "import { __proto__, constructor } from './y.js';\n\nuse(__proto__, constructor);\n" },
    },
    {
      name: 're-exports: grouped by module, sorted by specifier as imports are, after the imports; all types → export type',
      given: [
        'src/a2a/client/index.ts',
        (f) => {
          const auth = 'src/a2a/client/auth.ts';
          f.reexport([valueSymbol(auth, 'fromCard'), valueSymbol(auth, 'bearer')]).reexport([typeSymbol(auth, 'Credential')]);
          f.reexport([typeSymbol('src/a2a/validators/issues.ts', 'ValidationIssue'), typeSymbol('src/a2a/validators/issues.ts', 'TypeValidator')]);
          return [f.import(valueSymbol('src/a2a/types.ts', 'Task'))];
        },
      ],
      want: {
        text:
          "import { Task } from '../types.js';\n\n" +
          "export type { TypeValidator, ValidationIssue } from '../validators/issues.js';\n" +
          "export { bearer, type Credential, fromCard } from './auth.js';\n\n" +
          'use(Task);\n',
      },
    },
    {
      name: 'export *, after the named re-exports',
      given: [
        'src/a2a/errors.ts',
        (f) => (
          f
            .reexportAll('src/a2a/more.ts')
            .reexport([valueSymbol('src/a2a/runtime/json-rpc-error.ts', 'JsonRpcError')])
            .add('x;\n'),
          []
        ),
      ],
      want: { text: "export { JsonRpcError } from './runtime/json-rpc-error.js';\nexport * from './more.js';\n\nx;\n" },
    },
  ])('$name', ({ given: [path, build], want }) => {
    const file = new TsFile(path);
    const uses = build(file);
    if (uses.length > 0) file.add(`use(${uses.join(', ')});\n`);
    expect({ text: file.toString() }).toEqual(want);
  });

  it('refuses to print an import another file asked for', () => {
    const other = new TsFile('src/a2a/y.ts');
    const file = new TsFile('src/a2a/x.ts');
    file.add(`export type T = ${other.importType(typeSymbol('src/a2a/types.ts', 'Task'))};\n`);
    expect(() => file.toString()).toThrow('src/a2a/x.ts uses an import another file asked for');
  });

  it('declares its own symbols only', () => {
    const file = new TsFile('src/a2a/methods.ts');
    expect(file.declare(typeSymbol('src/a2a/methods.ts', 'A2AMethods'))).toBe('A2AMethods');
    expect(() => file.declare(typeSymbol('src/a2a/types.ts', 'Task'))).toThrow('src/a2a/methods.ts declares Task of src/a2a/types.ts');
  });

  it('imports and body together', () => {
    const file = new TsFile('src/a2a/client/methods.ts');
    const task = file.importType(typeSymbol('src/a2a/types.ts', 'Task'));
    file.add(`export type Result = ${task};\n`);
    expect(file.toString()).toBe("import type { Task } from '../types.js';\n\nexport type Result = Task;\n");
  });
});
