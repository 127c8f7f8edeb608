// Every identifier and file name a2a-gen derives from skill ids and method names
// (generator/model/names.ts): word splitting, casing, reserved and magic words.
import { describe, expect, it } from 'vitest';
import {
  camelCase,
  errorClassName,
  errorKey,
  isSafeIdentifier,
  kebabCase,
  methodClientName,
  oneofBranchName,
  pascalCase,
  restOperationId,
  distinctClientNames,
  skillNames,
  typeIdentifier,
  validatorName,
  valueIdentifier,
  words,
} from '../../generator/model/names.js';

describe('words', () => {
  it.each<{ given: string; want: string[] }>([
    { given: 'route-optimizer_traffic', want: ['route', 'optimizer', 'traffic'] },
    { given: 'routeOptimizerTraffic', want: ['route', 'optimizer', 'traffic'] },
    { given: 'HTTPServer2', want: ['http', 'server2'] },
    { given: 'getHTTPResponse', want: ['get', 'http', 'response'] },
    { given: 'tasks/pushNotificationConfig/set', want: ['tasks', 'push', 'notification', 'config', 'set'] },
    { given: '  spaced   out  ', want: ['spaced', 'out'] },
    { given: 'café crème', want: ['cafe', 'creme'] }, // accents dropped (NFKD)
    { given: 'ﬁle', want: ['file'] }, // the ligature decomposes
    { given: '日本語', want: [] }, // no ASCII letters: no words
    { given: 'a\ud800b', want: ['a', 'b'] }, // a lone surrogate separates words
    { given: '__proto__', want: ['proto'] },
    { given: '', want: [] },
  ])('$given → $want', ({ given, want }) => {
    expect(words(given)).toEqual(want);
  });
});

describe('pascalCase, camelCase, kebabCase', () => {
  it.each<{ given: string; want: [pascal: string, camel: string, kebab: string] }>([
    { given: 'route-optimizer', want: ['RouteOptimizer', 'routeOptimizer', 'route-optimizer'] },
    { given: 'Route Optimizer', want: ['RouteOptimizer', 'routeOptimizer', 'route-optimizer'] },
    { given: 'HTTPServer', want: ['HttpServer', 'httpServer', 'http-server'] },
    { given: '3d-render', want: ['_3dRender', '_3dRender', '3d-render'] }, // an identifier cannot start with a digit
    { given: 'class', want: ['Class', 'class', 'class'] }, // casing alone does not make a name safe
    { given: '日本', want: ['', '', ''] },
    { given: '', want: ['', '', ''] },
  ])('$given → $want', ({ given, want }) => {
    expect([pascalCase(given), camelCase(given), kebabCase(given)]).toEqual(want);
  });
});

describe('isSafeIdentifier', () => {
  it.each<{ given: string; want: boolean }>([
    { given: 'echo', want: true },
    { given: '$ok', want: true },
    { given: '_private', want: true },
    { given: 'class', want: false }, // reserved
    { given: 'await', want: false },
    { given: 'undefined', want: false },
    { given: 'NaN', want: false },
    { given: '__proto__', want: false }, // magic: replaces a prototype as a key
    { given: 'constructor', want: false },
    { given: 'then', want: false }, // makes a module namespace look like a thenable
    { given: 'default', want: false },
    { given: 'name', want: false },
    { given: '1a', want: false },
    { given: 'a-b', want: false },
    { given: 'é', want: false },
    { given: '', want: false },
  ])('$given → $want', ({ given, want }) => {
    expect(isSafeIdentifier(given)).toBe(want);
  });
});

describe('valueIdentifier and typeIdentifier', () => {
  it.each<{ given: [text: string, suffix: string]; want: [value: string, type: string] }>([
    { given: ['echo', 'Skill'], want: ['echo', 'Echo'] },
    { given: ['route-optimizer', 'Skill'], want: ['routeOptimizer', 'RouteOptimizer'] },
    { given: ['class', 'Skill'], want: ['classSkill', 'Class'] },
    { given: ['then', 'Skill'], want: ['thenSkill', 'Then'] },
    { given: ['default', 'Skill'], want: ['defaultSkill', 'Default'] },
    { given: ['constructor', 'Skill'], want: ['constructorSkill', 'Constructor'] },
    { given: ['Infinity', 'Skill'], want: ['infinity', 'InfinitySkill'] },
    { given: ['NaN', ''], want: ['naN', 'NaNType'] }, // no suffix given: types get `Type`
    { given: ['__proto__', 'Skill'], want: ['proto', 'Proto'] }, // the underscores are separators
    { given: ['3d', 'Skill'], want: ['_3d', '_3d'] },
    { given: ['日本', 'Skill'], want: ['', ''] },
    { given: ['', 'Skill'], want: ['', ''] },
  ])('$given → $want', ({ given: [text, suffix], want }) => {
    expect([valueIdentifier(text, suffix), typeIdentifier(text, suffix)]).toEqual(want);
  });
});

describe('skillNames', () => {
  /** The names derived from the three stems: the handler module and the two payload types. */
  const names = (value: string, type: string, file: string) => ({
    value,
    type,
    file,
    handlerModule: `src/skills/${file}.ts`,
    input: `${type}Input`,
    output: `${type}Output`,
  });
  it.each<{ given: string; want: ReturnType<typeof skillNames> }>([
    {
      given: 'route-optimizer',
      want: {
        value: 'routeOptimizer',
        type: 'RouteOptimizer',
        file: 'route-optimizer',
        handlerModule: 'src/skills/route-optimizer.ts',
        input: 'RouteOptimizerInput',
        output: 'RouteOptimizerOutput',
      },
    },
    { given: 'Route Optimizer v2', want: names('routeOptimizerV2', 'RouteOptimizerV2', 'route-optimizer-v2') },
    { given: 'class', want: names('classSkill', 'Class', 'class') },
    { given: 'skills', want: names('skillsSkill', 'Skills', 'skills') }, // `skills` is the generated map's name
    { given: '__proto__', want: names('proto', 'Proto', 'proto') },
    { given: 'x'.repeat(200), want: names('x'.repeat(200), 'X' + 'x'.repeat(199), 'x'.repeat(80)) }, // file names stop at 80
    { given: '日本語', want: undefined }, // nothing to name it by: the manifest check reports it
    { given: '---', want: undefined },
    { given: '', want: undefined },
  ])('$given → $want', ({ given, want }) => {
    expect(skillNames(given)).toEqual(want);
  });
});

describe('methodClientName', () => {
  it.each<{ given: [definition: string, method: string]; want: string }>([
    { given: ['ListTasksRequest', 'tasks/list'], want: 'listTasks' },
    { given: ['SendMessageRequest', 'message/send'], want: 'sendMessage' },
    { given: ['Request', 'tasks/get'], want: 'tasksGet' }, // nothing left of the definition: the method name
    { given: ['', 'tasks/get'], want: 'tasksGet' },
    { given: ['DeleteRequest', 'x/delete'], want: 'deleteMethod' },
    { given: ['ThenRequest', 'then'], want: 'thenMethod' },
    { given: ['日本Request', 'x/y'], want: 'xY' },
    { given: ['', '日本'], want: '' },
  ])('$given → $want', ({ given: [definition, method], want }) => {
    expect(methodClientName(definition, method)).toBe(want);
  });
});

describe('validatorName', () => {
  it.each<{ given: string; want: string }>([
    { given: 'AgentCard', want: 'validateAgentCard' }, // never the type's own name: index.ts imports both
    { given: 'skillEchoInput', want: 'validateSkillEchoInput' },
    { given: 'class', want: 'validateClass' },
    { given: '日本', want: 'validateSchema' },
  ])('$given → $want', ({ given, want }) => {
    expect(validatorName(given)).toBe(want);
  });
});

describe('errorClassName and errorKey', () => {
  it.each<{ given: string; want: [className: string, key: string] }>([
    { given: 'TaskNotFoundError', want: ['TaskNotFoundError', 'taskNotFound'] },
    { given: 'JSONParseError', want: ['JsonParseError', 'jsonParse'] },
    { given: 'Error', want: ['ErrorError', 'error'] }, // nothing left without the suffix: the whole name
    { given: 'UnsupportedOperation', want: ['UnsupportedOperationError', 'unsupportedOperation'] },
    { given: 'JsonRpcError', want: ['JsonRpcError_', 'jsonRpc'] }, // errors.ts exports the runtime's base class by that name
  ])('$given → $want', ({ given, want }) => {
    expect([errorClassName(given), errorKey(given)]).toEqual(want);
  });
});

describe('oneofBranchName', () => {
  it('names each branch after its member, unset last, never a name already taken', () => {
    const taken = new Set(['Part', 'PartText']);
    expect([oneofBranchName('Part', 'text', taken), oneofBranchName('Part', 'data', taken), oneofBranchName('Part', undefined, taken)]).toEqual([
      'PartText_',
      'PartData',
      'PartUnset',
    ]);
    expect(taken).toEqual(new Set(['Part', 'PartText', 'PartText_', 'PartData', 'PartUnset']));
  });
});

describe('restOperationId', () => {
  it('names the route by its method and version, unique among those given', () => {
    const used = new Set<string>();
    const post = { verb: 'POST', path: '/message:send' };
    expect(restOperationId('SendMessage', post, undefined, used)).toBe('restSendMessage');
    expect(restOperationId('SendMessage', { verb: 'POST', path: '/{tenant}/message:send' }, undefined, used)).toBe('restSendMessageForTenant');
    expect(restOperationId('message/send', { verb: 'POST', path: '/v1/message:send' }, 'A2A v0.3.0', used)).toBe('restV030MessageSend');
    expect(restOperationId('SendMessage', { verb: 'GET', path: '/message:send' }, undefined, used)).toBe('restSendMessageViaGet');
    expect(restOperationId('SendMessage', post, undefined, used)).toBe('restSendMessageViaPost');
    expect(restOperationId('SendMessage', post, undefined, used)).toBe('restSendMessage2');
  });
});

describe('distinctClientNames', () => {
  it('keeps official names, numbers the later repeats of others', () => {
    expect(
      distinctClientNames([
        { clientName: 'getTask', official: false }, // a custom method whose name the SDK's getTask already has
        { clientName: 'getTask', official: true },
        { clientName: 'useX', official: false },
        { clientName: 'useX', official: false },
        { clientName: 'useX', official: false },
      ]),
    ).toEqual(['getTask2', 'getTask', 'useX', 'useX2', 'useX3']);
  });
});
