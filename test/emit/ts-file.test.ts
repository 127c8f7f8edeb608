// The module builder every emitter uses for imports (generator/emit/ts-file.ts): imports are
// symbols, deduplicated, aliased on clashes, split into `import type`, given relative `.js`
// specifiers and sorted; re-exports likewise.
import { describe, expect, it } from 'vitest';
import { TsFile } from '../../generator/emit/ts-file.js';

interface Case {
  name: string;
  /** The module's path and what is done to it; returns the local names the calls gave back. */
  given: [path: string, build: (f: TsFile) => string[]];
  want: { text: string; locals: string[] };
}

describe('TsFile', () => {
  it.each<Case>([
    {
      name: 'no imports: the body alone, ending in one newline',
      given: ['src/a2a/x.ts', (f) => (f.add('const a = 1;\n'), [])],
      want: { text: 'const a = 1;\n', locals: [] },
    },
    {
      name: 'leading newlines dropped, trailing ones made one',
      given: ['src/a2a/x.ts', (f) => (f.add('\n\n', 'a;', '\n\n\n'), [])],
      want: { text: 'a;\n', locals: [] },
    },
    {
      name: 'an empty module is one newline',
      given: ['src/a2a/x.ts', () => []],
      want: { text: '\n', locals: [] },
    },
    {
      name: 'a type from the parent folder',
      given: ['src/a2a/server/methods.ts', (f) => [f.importType('src/a2a/types.ts', 'Task')]],
      want: { text: "import type { Task } from '../types.js';\n\n\n", locals: ['Task'] },
    },
    {
      name: 'same folder and a subfolder',
      given: ['src/main.ts', (f) => [f.import('src/a2a/server/index.ts', 'createA2AServer'), f.import('src/helper.ts', 'help')]],
      want: {
        text: "import { createA2AServer } from './a2a/server/index.js';\nimport { help } from './helper.js';\n\n\n",
        locals: ['createA2AServer', 'help'],
      },
    },
    {
      name: 'packages and node: builtins stay as written',
      given: ['src/a2a/x.ts', (f) => [f.import('node:http', 'createServer'), f.importType('vitest', 'Mock')]],
      want: { text: "import { createServer } from 'node:http';\nimport type { Mock } from 'vitest';\n\n\n", locals: ['createServer', 'Mock'] },
    },
    {
      name: 'values and types from one module share a line; names sorted',
      given: [
        'src/a2a/x.ts',
        (f) => [f.importType('src/a2a/errors.ts', 'ErrorCode'), f.import('src/a2a/errors.ts', 'A2AError'), f.import('src/a2a/errors.ts', 'A2A')],
      ],
      want: { text: "import { A2A, A2AError, type ErrorCode } from './errors.js';\n\n\n", locals: ['ErrorCode', 'A2AError', 'A2A'] },
    },
    {
      name: 'modules sorted by specifier',
      given: ['src/a2a/server/x.ts', (f) => [f.import('node:fs', 'readFile'), f.import('src/a2a/server/y.ts', 'y'), f.import('src/a2a/types.ts', 't')]],
      want: {
        text: "import { t } from '../types.js';\nimport { y } from './y.js';\nimport { readFile } from 'node:fs';\n\n\n",
        locals: ['readFile', 'y', 't'],
      },
    },
    {
      name: 'the same import twice is one',
      given: ['src/a2a/x.ts', (f) => [f.import('src/a2a/y.ts', 'y'), f.import('src/a2a/y.ts', 'y')]],
      want: { text: "import { y } from './y.js';\n\n\n", locals: ['y', 'y'] },
    },
    {
      name: 'a type import later used as a value becomes a value import',
      given: ['src/a2a/x.ts', (f) => [f.importType('src/a2a/y.ts', 'Y'), f.import('src/a2a/y.ts', 'Y')]],
      want: { text: "import { Y } from './y.js';\n\n\n", locals: ['Y', 'Y'] },
    },
    {
      name: 'a value import stays one when also asked for as a type',
      given: ['src/a2a/x.ts', (f) => [f.import('src/a2a/y.ts', 'Y'), f.importType('src/a2a/y.ts', 'Y')]],
      want: { text: "import { Y } from './y.js';\n\n\n", locals: ['Y', 'Y'] },
    },
    {
      name: 'a name the module declares is never shadowed',
      given: ['src/a2a/x.ts', (f) => [f.declare('Task'), f.importType('src/a2a/types.ts', 'Task')]],
      want: { text: "import type { Task as Task_ } from './types.js';\n\n\n", locals: ['Task', 'Task_'] },
    },
    {
      name: 'one name from three places: Task, Task_, Task_3',
      given: ['src/a2a/x.ts', (f) => [f.import('src/a.ts', 'Task'), f.import('src/b.ts', 'Task'), f.import('src/c.ts', 'Task')]],
      want: {
        text: "import { Task } from '../a.js';\nimport { Task as Task_ } from '../b.js';\nimport { Task as Task_3 } from '../c.js';\n\n\n",
        locals: ['Task', 'Task_', 'Task_3'],
      },
    },
    {
      name: 'an alias asked for',
      given: ['src/a2a/x.ts', (f) => [f.import('node:fs/promises', 'readFile', { as: 'read' })]],
      want: { text: "import { readFile as read } from 'node:fs/promises';\n\n\n", locals: ['read'] },
    },
    {
      name: 'an aliased type beside values',
      given: ['src/a2a/x.ts', (f) => [f.declare('B'), f.import('src/a2a/y.ts', 'A'), f.importType('src/a2a/y.ts', 'B')]],
      want: { text: "import { A, type B as B_ } from './y.js';\n\n\n", locals: ['B', 'A', 'B_'] },
    },
    {
      name: '__proto__ and constructor are names like any other (kept in Maps, not objects)',
      given: ['src/a2a/x.ts', (f) => [f.import('src/a2a/y.ts', '__proto__'), f.import('src/a2a/y.ts', 'constructor')]],
      want: { text: "import { __proto__, constructor } from './y.js';\n\n\n", locals: ['__proto__', 'constructor'] },
    },
    {
      name: 're-exports: grouped by module, sorted by specifier as imports are, after the imports; all types → export type',
      given: [
        'src/a2a/client/index.ts',
        (f) => {
          f.reexport('src/a2a/client/auth.ts', ['fromCard', 'bearer']).reexport('src/a2a/client/auth.ts', ['Credential'], { typeOnly: true });
          f.reexport('src/a2a/validators/issues.ts', ['ValidationIssue', 'TypeValidator'], { typeOnly: true });
          return [f.import('src/a2a/types.ts', 'Task')];
        },
      ],
      want: {
        text:
          "import { Task } from '../types.js';\n\n" +
          "export type { TypeValidator, ValidationIssue } from '../validators/issues.js';\n" +
          "export { bearer, type Credential, fromCard } from './auth.js';\n\n\n",
        locals: ['Task'],
      },
    },
    {
      name: 'a renamed re-export and export *, star exports last',
      given: [
        'src/a2a/errors.ts',
        (f) => (
          f
            .reexportAll('src/a2a/more.ts')
            .reexport('src/a2a/runtime/json-rpc-error.ts', ['JsonRpcError'], { as: { JsonRpcError: 'JsonRpcErrorBase' } })
            .add('x;\n'),
          []
        ),
      ],
      want: { text: "export { JsonRpcError as JsonRpcErrorBase } from './runtime/json-rpc-error.js';\nexport * from './more.js';\n\nx;\n", locals: [] },
    },
  ])('$name', ({ given: [path, build], want }) => {
    const file = new TsFile(path);
    const locals = build(file);
    expect({ text: file.toString(), locals }).toEqual(want);
  });

  it('imports and body together', () => {
    const file = new TsFile('src/a2a/client/methods.ts');
    const task = file.importType('src/a2a/types.ts', 'Task');
    file.add(`export type Result = ${task};\n`);
    expect(file.toString()).toBe("import type { Task } from '../types.js';\n\nexport type Result = Task;\n");
  });
});
