// Every failure a user can cause is one of these classes, so the CLI can map it to an
// exit code and print it without a stack trace. Anything else is a bug in a2a-gen.

/** Where in an input file something went wrong (1-based line and column). */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/** Invalid input: a manifest, a schema, a file on disk. Exit code 1. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    message: string,
    readonly location?: SourceLocation,
    /** JSON path inside the input, e.g. `agent.capabilities.streaming` or `skills[1].id`. */
    readonly path?: string,
    /** The offending source line and a caret under the column, printed below the message (indented). */
    readonly excerpt?: string[],
  ) {
    super(message);
  }

  /** `file:line:column: path: message`, the shape editors and terminals link; then the excerpt, if any. */
  format(): string {
    const where = this.location ? formatLocation(this.location) : '';
    const path = this.path ? `${this.path}: ` : '';
    const head = where ? `${where}: ${path}${this.message}` : `${path}${this.message}`;
    return this.excerpt?.length ? [head, ...this.excerpt].join('\n') : head;
  }
}

/** The command line itself is wrong. Exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Generation would clobber hand edits, or `--check` found drift. Exit code 1. */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly files: string[],
  ) {
    super(message);
  }
}

export function formatLocation(loc: SourceLocation): string {
  if (loc.line === undefined) return loc.file;
  return loc.column === undefined ? `${loc.file}:${loc.line}` : `${loc.file}:${loc.line}:${loc.column}`;
}

/** Renders a JSON path array as `a.b[2].c`, quoting keys that are not plain identifiers. */
export function formatJsonPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || '(root)';
}
