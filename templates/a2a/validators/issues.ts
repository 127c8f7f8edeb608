// Typed, readable wrappers over ajv's compiled functions. A finding names where (a JSON
// pointer into the checked value) and what was expected, in words a client can act on.

/** One finding of a failed validation. */
export interface ValidationIssue {
  /** JSON pointer to the offending value, e.g. `/message/parts/0/kind` (`` for the root). */
  path: string;
  /** What was expected, e.g. `must have required property 'parts'`. */
  message: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `enum`, …). */
  keyword: string;
}

export interface TypeValidator<T> {
  /** Type guard: true when `value` is a valid `T`. */
  is(value: unknown): value is T;
  /** `undefined` when valid; else the findings (at most `MAX_ISSUES`). */
  check(value: unknown): ValidationIssue[] | undefined;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

/** Findings beyond this are dropped: a hostile payload must not produce a huge error response. */
export const MAX_ISSUES = 20;

export function typed<T>(fn: unknown): TypeValidator<T> {
  const validate = fn as CompiledValidator;
  return {
    is: (value: unknown): value is T => validate(value),
    check(value) {
      if (validate(value)) return undefined;
      return toIssues(validate.errors ?? []);
    },
  };
}

function toIssues(errors: AjvError[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const e of errors) {
    const issue = { path: e.instancePath, message: describe(e), keyword: e.keyword };
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length === MAX_ISSUES) break;
  }
  return issues;
}

function describe(e: AjvError): string {
  const base = e.message ?? `failed "${e.keyword}"`;
  switch (e.keyword) {
    case 'enum':
      return `${base}: ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(e.params.allowedValue)}`;
    case 'additionalProperties':
      return `${base}: ${JSON.stringify(e.params.additionalProperty)}`;
    case 'anyOf':
    case 'oneOf':
      return `${base} (see the findings above for each alternative)`;
    default:
      return base;
  }
}
