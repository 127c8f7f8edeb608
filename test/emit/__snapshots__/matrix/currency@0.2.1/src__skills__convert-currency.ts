// Skill "convert-currency": Currency conversion
// This file is yours: a2a-gen created it once and never overwrites it.
import type { SkillHandlers } from '../a2a/server/handlers.js';

/**
 * Converts an amount from one currency to another at today's rate.
 *
 * The skill declares no `input` schema: read `context.text` (and `context.data`).
 * Return a ConvertCurrencyOutput: it is validated and sent as a data artifact.
 */
export const handler: SkillHandlers["convert-currency"] = async (context, events) => {
  events.working('Working on it…');
  // An example result that satisfies the output schema: replace it with the real work.
  return { amount: 1, from: "AAA", to: "AAA", rate: 1 };
};
