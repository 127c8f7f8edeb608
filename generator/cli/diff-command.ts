// `a2a-gen diff <specA> <specB>`: what changed between two schema versions.
import { loadProtocol } from '../inputs.js';
import { diffProtocols, type Change, type ChangeArea, type ProtocolDiff } from '../model/diff.js';
import type { Reporter } from './output.js';

const AREAS: [ChangeArea, string][] = [
  ['method', 'Methods'],
  ['card', 'Agent Card discovery'],
  ['part', 'Parts'],
  ['error', 'Errors'],
  ['type', 'Types'],
  ['field', 'Fields'],
  ['enum', 'Enum values'],
];
const SIGN = { added: '+', removed: '-', changed: '~' } as const;

export async function runDiff(args: { from: string; to: string; cwd: string }, report: Reporter): Promise<number> {
  const [a, b] = await Promise.all([loadProtocol(args.from, args.cwd), loadProtocol(args.to, args.cwd)]);
  const diff = diffProtocols(a, b);
  report.data({ from: diff.from, to: diff.to, breaking: diff.changes.filter((c) => c.breaking).length, changes: diff.changes });
  for (const line of diffLines(diff)) report.info(line);
  return 0;
}

export function diffLines(diff: ProtocolDiff): string[] {
  const breaking = diff.changes.filter((c) => c.breaking).length;
  const lines = [`A2A v${diff.from} → v${diff.to}: ${diff.changes.length} change(s), ${breaking} breaking`];
  for (const [area, title] of AREAS) {
    const inArea = diff.changes.filter((c) => c.area === area);
    if (inArea.length === 0) continue;
    lines.push('', `${title}:`);
    for (const c of inArea) lines.push(formatChange(c));
  }
  return lines;
}

export function formatChange(c: Change): string {
  return `  ${SIGN[c.change]} ${c.subject}${c.detail ? `: ${c.detail}` : ''}${c.breaking ? '  [BREAKING]' : ''}`;
}
