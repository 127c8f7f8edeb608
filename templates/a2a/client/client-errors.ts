// Failures below JSON-RPC: HTTP statuses (401/403 carry `WWW-Authenticate`), the network,
// timeouts, responses that break the schema, and tasks that end in a state a helper cannot use.
// JSON-RPC and A2A errors are thrown as their own classes from ../errors.ts.
import type { ValidationIssue } from '../validators/issues.js';

/** The server answered with an HTTP error instead of a JSON-RPC response. */
export class A2AHttpError extends Error {
  override readonly name = 'A2AHttpError';
  constructor(
    readonly status: number,
    message: string,
    /** The `WWW-Authenticate` challenge of a 401, naming the schemes the server accepts. */
    readonly wwwAuthenticate: string | undefined,
    readonly body: string,
  ) {
    super(message);
  }
}

/** No answer: the connection failed, was aborted, or timed out. */
export class A2ATransportError extends Error {
  override readonly name = 'A2ATransportError';
  constructor(
    message: string,
    readonly reason: 'network' | 'timeout' | 'aborted' | 'protocol',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A response that does not match the schema of the generated A2A version (`validateResponses`). */
export class A2AResponseValidationError extends Error {
  override readonly name = 'A2AResponseValidationError';
  constructor(
    message: string,
    readonly issues: ValidationIssue[],
    readonly value: unknown,
  ) {
    super(message);
  }
}

/** A skill call whose task ended somewhere other than `completed` (input-required, failed, …). */
export class A2ATaskStateError extends Error {
  override readonly name = 'A2ATaskStateError';
  constructor(
    message: string,
    readonly state: string,
    /** The task as the server returned it: continue it, or read its status message. */
    readonly task: unknown,
  ) {
    super(message);
  }
}
