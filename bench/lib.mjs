// Shared helpers for the benchmarks: timing child processes, medians, tables.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Runs a command to completion; returns wall-clock milliseconds. Throws on a non-zero exit. */
export function timeProcess(command, args, options = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** CPU seconds (user + system) used so far by these processes (Linux: /proc/<pid>/stat). */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** Context switches (voluntary and not) so far of these processes (Linux: /proc/<pid>/status). */
export function contextSwitches(pids) {
  let n = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      n += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)[1]) + Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)[1]);
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

/**
 * The report of an interleaved side-by-side run: `results` maps each server's name to
 * `{ [row.key]: [value per round] }`. Prints the medians' table and every round, and returns
 * `ratios(a, b, unit, targets)`: per row, the ratio of the medians and the median of the
 * per-round ratios, as `×` or `%` (`targets` names the goal of a row, `{ T: 3 }`).
 */
export function printRounds(title, names, rows, results) {
  const m = (name, key) => median(results.get(name)[key]);
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(`${title}\n`);
  console.log(
    table(
      ['server', ...rows.map((r) => r.title)],
      names.map((name) => [name, ...rows.map((r) => fmt(m(name, r.key)))]),
    ),
  );
  console.log('\nEvery round (in order):');
  for (const name of names) console.log(`  ${name}: ${rows.map((r) => `${r.key} ${results.get(name)[r.key].map(fmt).join(', ')}`).join(' · ')}`);
  const perRound = (key, a, b) => results.get(a)[key].map((v, i) => v / results.get(b)[key][i]);
  return (a, b, unit = '×', targets = {}) =>
    rows
      .map((r) => {
        const f = (v) => (unit === '%' ? `${(100 * v).toFixed(0)}%` : `${v.toFixed(2)}×`);
        const goal = targets[r.key] ? ` (target ≥ ${targets[r.key]}×)` : '';
        const each = perRound(r.key, a, b);
        return `${r.key} ${f(m(a, r.key) / m(b, r.key))}${goal}; per round ${f(median(each))} (${each.map(f).join(', ')})`;
      })
      .join(' · ');
}
