// After a spec switch: type-check the user's own files against the newly generated types and
// list what no longer fits. Uses ts-morph (its bundled TypeScript), loaded only when needed.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface UserCodeProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** Undefined when the project cannot be checked yet (no tsconfig.json, or no node_modules). */
export async function checkUserCode(root: string): Promise<UserCodeProblem[] | undefined> {
  const tsconfig = join(root, 'tsconfig.json');
  if (!existsSync(tsconfig) || !existsSync(join(root, 'node_modules'))) return undefined;
  const { Project, ts } = await import('ts-morph');
  const project = new Project({ tsConfigFilePath: tsconfig });
  const generated = join(root, 'src', 'a2a');
  const problems: UserCodeProblem[] = [];
  for (const d of project.getPreEmitDiagnostics()) {
    const source = d.getSourceFile();
    if (!source) continue;
    const path = source.getFilePath();
    if (path.startsWith(generated) || path.includes('/node_modules/')) continue;
    const { line, column } = source.getLineAndColumnAtPos(d.getStart() ?? 0);
    problems.push({ file: relative(root, path), line, column, message: ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n').split('\n')[0] });
  }
  return problems;
}
