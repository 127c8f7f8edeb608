// `a2a-gen diff <specA> <specB>`: what changed between two schema versions.
import { loadProtocol } from '../inputs.js';
import { diffProtocols, type Change, type ChangeArea, type ProtocolDiff } from '../model/diff.js';
import type { Reporter } from './output.js';

// What code written for the old version must change first, then the type-level detail.
const AREAS: [ChangeArea, string][] = [
  ['method', 'Methods'],
  ['card', 'Agent Card'],
  ['part', 'Parts'],
  ['shape', 'Shapes'],
  ['enum', 'Enum values'],
  ['error', 'Errors'],
  ['type', 'Types'],
  ['field', 'Fields'],
];
const SIGN = { added: '+', removed: '-', changed: '~', renamed: '~', moved: '~' } as const;

export async function runDiff(args: { from: string; to: string; cwd: string }, report: Reporter): Promise<number> {
  const [a, b] = await Promise.all([loadProtocol(args.from, args.cwd), loadProtocol(args.to, args.cwd)]);
  const diff = diffProtocols(a, b);
  report.data({ from: diff.from, to: diff.to, breaking: diff.changes.filter((c) => c.breaking).length, changes: diff.changes });
  for (const line of diffLines(diff)) report.info(line);
  return 0;
}

export function diffLines(diff: ProtocolDiff): string[] {
  const breaking = diff.changes.filter((c) => c.breaking).length;
  return [`A2A ${diff.fromName} → ${diff.toName}: ${diff.changes.length} change(s), ${breaking} breaking`, ...sectionLines(diff.changes)];
}

/** The changes under a title per area, in AREAS order, each section after a blank line. */
export function sectionLines(changes: readonly Change[]): string[] {
  const lines: string[] = [];
  for (const [area, title] of AREAS) {
    const inArea = changes.filter((c) => c.area === area);
    if (inArea.length === 0) continue;
    lines.push('', `${title}:`);
    for (const c of inArea) lines.push(formatChange(c));
  }
  return lines;
}

/** The areas that say what a change means for code (the rest, types and fields, are the detail behind them). */
export const isSemantic = (c: Change): boolean => c.area !== 'type' && c.area !== 'field';

/** `+ Type.field: optional`; a rename or move as `~ old → new (detail)`. */
export function formatChange(c: Change): string {
  const what = c.to !== undefined ? `${c.subject} → ${c.to}${c.detail ? ` (${c.detail})` : ''}` : `${c.subject}${c.detail ? `: ${c.detail}` : ''}`;
  return `  ${SIGN[c.change]} ${what}${c.breaking ? '  [BREAKING]' : ''}`;
}
