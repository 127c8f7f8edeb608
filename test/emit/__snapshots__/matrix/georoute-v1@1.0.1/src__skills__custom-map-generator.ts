// Skill "custom-map-generator": Personalized Map Generator
// This file is yours: a2a-gen created it once and never overwrites it.
import type { SkillHandlers } from '../a2a/server/handlers.js';

/**
 * Creates custom map images based on user-defined points of interest, routes, and style preferences.
 *
 * `context.input` is the request payload, already validated against the skill's `input`
 * schema (CustomMapGeneratorInput); it is undefined when the message carried none.
 * Return text (the reply), or publish events yourself through `events`.
 */
export const handler: SkillHandlers["custom-map-generator"] = async (context, events) => {
  if (context.input === undefined) {
    // Multi-turn: ask for what is missing; the client answers in the same task.
    events.inputRequired('Send the request as JSON, for example: ' + "{\"points\":[{\"lat\":1,\"lng\":1}]}");
    return;
  }
  // An example reply: replace it with the real work.
  return context.text || 'Send me some text and I will send it back.';
};
