// Skill "echo": Echo
// This file is yours: a2a-gen created it once and never overwrites it.
import type { SkillHandlers } from '../a2a/server/handlers.js';

/**
 * Returns the user's text unchanged.
 *
 * The skill declares no `input` schema: read `context.text` (and `context.data`).
 * Return text (the reply), or publish events yourself through `events`.
 */
export const handler: SkillHandlers["echo"] = async (context, events) => {
  // An example reply: replace it with the real work.
  return context.text || 'Send me some text and I will send it back.';
};
