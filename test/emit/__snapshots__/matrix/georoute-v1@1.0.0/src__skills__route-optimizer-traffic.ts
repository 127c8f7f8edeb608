// Skill "route-optimizer-traffic": Traffic-Aware Route Optimizer
// This file is yours: a2a-gen created it once and never overwrites it.
import type { SkillHandlers } from '../a2a/server/handlers.js';

/**
 * Calculates the optimal driving route between two or more locations, taking into account real-time traffic.
 *
 * `context.input` is the request payload, already validated against the skill's `input`
 * schema (RouteOptimizerTrafficInput); it is undefined when the message carried none.
 * Return a RouteOptimizerTrafficOutput: it is validated and sent as a data artifact.
 */
export const handler: SkillHandlers["route-optimizer-traffic"] = async (context, events) => {
  if (context.input === undefined) {
    // Multi-turn: ask for what is missing; the client answers in the same task.
    events.inputRequired('Send the request as JSON, for example: ' + "{\"origin\":{\"lat\":1,\"lng\":1},\"destination\":{\"lat\":1,\"lng\":1}}");
    return;
  }
  events.working('Working on it…');
  // An example result that satisfies the output schema: replace it with the real work.
  return { distanceMeters: 1, durationSeconds: 1, polyline: "example" };
};
