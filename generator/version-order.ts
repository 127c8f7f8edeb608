// The order of A2A version strings ("0.2.5" < "0.3.0" < "1.0"), shared by load (sorting the
// bundled versions) and model (facts that hold from a version on). Its own module so that
// neither stage imports the other for it.

/** Negative when `a` is older than `b`, positive when newer, 0 when equal ("1.0" = "1.0.0"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
