// A mistyped command or option is a usage error (exit 2) that names what the word was taken for
// and, when one is close, what it was likely meant to be.
import { describe, expect, it } from 'vitest';
import { explainUnknownArguments } from '../../generator/cli/usage-hints.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

describe('mistyped commands and options', () => {
  it.each([
    [['generat'], 'unknown command "generat"; did you mean generate?'],
    [['valdiate'], 'unknown command "valdiate"; did you mean validate?'],
    [['frobnicate'], 'unknown command "frobnicate" (the commands are init, generate, validate, diff)'],
    [['generate', '--chek'], 'unknown option --chek; did you mean --check?'],
    [['generate', '--dryrun', '--manifst', 'x.yaml'], 'unknown option --dryrun; did you mean --dry-run?\nunknown option --manifst; did you mean --manifest?'],
    [['validate', '--Spec', '0.3.0'], 'unknown option --Spec; did you mean --spec?'],
    [['generate', '--frobnicate'], 'unknown option --frobnicate'],
    [['generate', 'extra'], 'unexpected argument "extra"'],
  ])('%j', async (args, want) => {
    const r = await runCli(args, await tempDir('usage-'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${want}\nRun \`a2a-gen --help\` for usage.\n`);
  });

  it('leaves every other yargs message as it is', () => {
    const known = { options: ['check'], commands: [] };
    expect(explainUnknownArguments('Not enough non-option arguments: got 1, need at least 2', ['diff', '0.2.6'], known)).toBe(
      'Not enough non-option arguments: got 1, need at least 2',
    );
    expect(explainUnknownArguments('Unknown argument: chek', ['generate', '--chek=true'], known)).toBe('unknown option --chek; did you mean --check?');
  });
});
