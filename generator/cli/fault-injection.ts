// Crash-safety tests kill the real binary in the middle of writing, the way a power cut or
// `kill -9` would. A2A_GEN_KILL_AFTER_FILES=N makes `generate` SIGKILL itself right after
// its N-th file lands; nothing else reads this variable.
import type { ApplyHooks } from '../write/apply.js';

export function faultInjectionHooks(env: NodeJS.ProcessEnv = process.env): ApplyHooks {
  const raw = env.A2A_GEN_KILL_AFTER_FILES;
  const after = raw === undefined ? NaN : Number(raw);
  if (!Number.isInteger(after) || after < 1) return {};
  return {
    afterFile: (_path, index) => {
      if (index + 1 >= after) process.kill(process.pid, 'SIGKILL');
    },
  };
}
