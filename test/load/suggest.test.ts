// The edit distance and the "did you mean" rule every suggestion in a2a-gen goes through.
import { describe, expect, it } from 'vitest';
import { closestName, didYouMean, editDistance } from '../../generator/suggest.js';

describe('editDistance (optimal string alignment)', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['abc', 'abc', 0],
    ['ab', 'ba', 1], // a swap of neighbours is one edit
    ['descriptoin', 'description', 1],
    ['kitten', 'sitting', 3],
    ['streeming', 'streaming', 1],
    ['0.3', '0.3.0', 2],
    ['ca', 'abc', 3], // OSA never edits a substring twice (unrestricted Damerau-Levenshtein says 2)
    ['apikey', 'apiKey', 1],
  ])('%j → %j is %i', (a, b, want) => {
    expect(editDistance(a, b)).toBe(want);
    expect(editDistance(b, a)).toBe(want);
  });
});

const CARD_FIELDS = [
  'name',
  'description',
  'url',
  'version',
  'capabilities',
  'securitySchemes',
  'security',
  'defaultInputModes',
  'defaultOutputModes',
  'provider',
  'documentationUrl',
  'iconUrl',
];
const VERSIONS_NEWEST_FIRST = ['0.3.0', '0.2.6', '0.2.5', '0.2.4', '0.2.3', '0.2.2', '0.2.1', '0.2.0', '0.1.0'];

describe('closestName', () => {
  it.each<[string, string[], string | undefined]>([
    ['descriptoin', CARD_FIELDS, 'description'],
    ['Description', CARD_FIELDS, 'description'],
    ['securitySchemas', CARD_FIELDS, 'securitySchemes'],
    ['defaultinputmodes', CARD_FIELDS, 'defaultInputModes'],
    ['ur', CARD_FIELDS, 'url'],
    ['streeming', ['streaming', 'pushNotifications', 'stateTransitionHistory', 'extensions'], 'streaming'],
    ['pushNotification', ['streaming', 'pushNotifications', 'stateTransitionHistory'], 'pushNotifications'],
    ['apikey', ['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'], 'apiKey'],
    ['baerer', ['bearer', 'apiKey'], 'bearer'],
    ['sever', ['$schema', 'spec', 'agent', 'skills', 'server'], 'server'],
    ['0.3', VERSIONS_NEWEST_FIRST, '0.3.0'],
    ['0.2', VERSIONS_NEWEST_FIRST, '0.2.6'], // a tie: the first listed (the newest) wins
    ['chek', ['manifest', 'spec', 'out', 'check', 'dry-run', 'diff', 'force'], 'check'],
    ['dryrun', ['manifest', 'spec', 'out', 'check', 'dry-run', 'diff', 'force'], 'dry-run'],
    ['generat', ['init', 'generate', 'validate', 'diff'], 'generate'],
    // Nothing close: no suggestion rather than a wild one.
    ['frobnicate', ['init', 'generate', 'validate', 'diff'], undefined],
    ['x', ['y', 'id'], undefined],
    ['', CARD_FIELDS, undefined],
    ['colour', [], undefined],
    ['x'.repeat(100_000), CARD_FIELDS, undefined],
  ])('%j among %j → %j', (given, candidates, want) => {
    expect(closestName(given, candidates)).toBe(want);
  });

  it('a name that is itself a candidate is not suggested back', () => {
    expect(closestName('url', ['url', 'uri'])).toBe('uri');
  });
});

describe('didYouMean', () => {
  it('phrases the suggestion, quoted as the caller asks, or says nothing', () => {
    expect(didYouMean('descriptoin', CARD_FIELDS)).toBe('; did you mean "description"?');
    expect(didYouMean('chek', ['check'], (n) => `--${n}`)).toBe('; did you mean --check?');
    expect(didYouMean('frobnicate', CARD_FIELDS)).toBe('');
  });
});
