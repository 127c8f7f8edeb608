// yargs' strict mode says "Unknown argument: chek" and stops there. This turns that into a
// sentence naming what the word was taken for (an option, a command, a stray argument) and,
// through the same rule as every other suggestion (suggest.ts), what it was likely meant to be.
import { didYouMean } from '../suggest.js';

/** What the command line could have said at the point yargs gave up. */
export interface KnownArguments {
  /** Option names of the command being parsed (and the global ones), without dashes. */
  options: string[];
  /** Command names, when no command was chosen yet; empty inside a command. */
  commands: string[];
}

/**
 * yargs hands its failure handler the usage instance of the command it was parsing; its
 * descriptions list that command's options and its commands the choices at that level. Both
 * are read defensively: without them the message simply carries no suggestion.
 */
export function knownArguments(usage: unknown): KnownArguments {
  const u = usage as { getDescriptions?: () => Record<string, unknown>; getCommands?: () => unknown[][] } | undefined;
  const options = Object.keys(u?.getDescriptions?.() ?? {});
  const commands = (u?.getCommands?.() ?? []).map((c) => String(c[0]).split(' ')[0]);
  return { options, commands };
}

/** yargs' "Unknown argument(s): …" as one line per word, with a suggestion where one is close; other messages unchanged. */
export function explainUnknownArguments(message: string, argv: string[], known: KnownArguments): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const lines = m[1].split(', ').map((name) => {
    const asOption = argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`) || a === `-${name}` || a.startsWith(`-${name}=`));
    if (asOption) return `unknown option --${name}${didYouMean(name, known.options, (n) => `--${n}`)}`;
    if (known.commands.length > 0) {
      const hint = didYouMean(name, known.commands, (n) => n);
      return `unknown command "${name}"${hint || ` (the commands are ${known.commands.join(', ')})`}`;
    }
    return `unexpected argument "${name}"`;
  });
  return lines.join('\n');
}
