// A bound on how deeply an a2a.json nests. The load, model and emit stages walk schemas
// recursively (and ajv compiles them so), so a file nested thousands of levels deep would end in a
// stack overflow somewhere down the pipeline instead of an error about the file. Published A2A
// schemas nest about a dozen levels; anything past MAX_SCHEMA_NESTING is refused here, at the
// place it goes too deep. The walk is iterative, so it cannot overflow itself, and keeps a link
// to each value's parent rather than a path: the path is spelled out only for the error.
import { InputError } from '../diagnostics.js';

export const MAX_SCHEMA_NESTING = 100;

interface Visit {
  value: unknown;
  key: string;
  depth: number;
  parent: Visit | undefined;
}

export function checkNesting(value: unknown, file: string, max = MAX_SCHEMA_NESTING): void {
  const stack: Visit[] = [{ value, key: '', depth: 0, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (v === null || typeof v !== 'object') continue;
    if (visit.depth >= max) throw new InputError(`the schema nests more than ${max} levels deep here; A2A schemas nest about a dozen`, { file }, pathOf(visit));
    const depth = visit.depth + 1;
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push({ value: v[i], key: String(i), depth, parent: visit });
    else for (const key in v) if (Object.hasOwn(v, key)) stack.push({ value: (v as Record<string, unknown>)[key], key, depth, parent: visit });
  }
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
