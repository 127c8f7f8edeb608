// Preloaded (`node --import`) into a CLI child by cli-process.ts: on exit, the process writes
// its peak resident set size to fd 3. process.resourceUsage().maxRSS is the kernel's own
// high-water mark (getrusage ru_maxrss, in KiB), so no short peak can be missed, and reading
// it at exit sees the whole run.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(3, JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS }));
  } catch {
    // fd 3 is not open: run outside cli-process.ts, nobody is listening.
  }
});
