// What the server tells its operator: warnings and errors, one structured line per request
// (opt-in), and trace spans (opt-in). Loggers may be a plain function or any pino-compatible
// object (`info/warn/error(object, message)`); tracing is a small interface that an
// OpenTelemetry adapter implements, so the runtime itself depends on nothing.

/** A logger function: warnings and errors with their cause, and (`requestLog`) `info` request records. */
export interface Logger {
  (level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void;
}

/** A pino-compatible logger (pino, bunyan-style child loggers, console wrappers). */
export interface StructuredLogger {
  info(record: Record<string, unknown>, message?: string): void;
  warn(record: Record<string, unknown>, message?: string): void;
  error(record: Record<string, unknown>, message?: string): void;
}

/** One finished JSON-RPC request, as the request log records it. */
export interface RequestRecord {
  method: string;
  /** The JSON-RPC id of the request. */
  id: string | number | null;
  /** The task the request created or touched, when known. */
  taskId?: string;
  /** `ok`, `error` (with `code`), or `stream` (the stream started; it ends on its own). */
  outcome: 'ok' | 'error' | 'stream';
  code?: number;
  durationMs: number;
}

/** How the runtime itself reports: warnings and errors only. */
export type ServerLog = (level: 'warn' | 'error', message: string, error?: unknown) => void;

export interface Observer {
  log: ServerLog;
  /** Set only when the request log is on, so the hot path pays nothing otherwise. */
  request?: (record: RequestRecord) => void;
  tracing?: Tracing;
}

/** A span as the runtime uses it; the OpenTelemetry adapter maps it onto a real span. */
export interface SpanHandle {
  set(attributes: Readonly<Record<string, string | number | boolean | undefined>>): void;
  fail(error: unknown): void;
  end(): void;
}

/**
 * Spans per request and per execution. `request` receives the request's headers so a
 * propagator can continue the caller's trace (W3C `traceparent`); `execution` is started inside
 * the request that began the work and may outlive it (streams, non-blocking sends).
 */
export interface Tracing {
  request(method: string, header: (name: string) => string | undefined): SpanHandle;
  execution(parent: SpanHandle | undefined, attributes: Readonly<Record<string, string | undefined>>): SpanHandle;
}

const isStructured = (logger: unknown): logger is StructuredLogger =>
  typeof logger === 'object' &&
  logger !== null &&
  typeof (logger as StructuredLogger).info === 'function' &&
  typeof (logger as StructuredLogger).error === 'function';

/** The console as a logger: warnings and errors as text, request records as one JSON line each. */
const consoleLogger: StructuredLogger = {
  info: (record, message) => console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg: message, ...record })),
  warn: (record, message) => console.warn(message, record.err ?? ''),
  error: (record, message) => console.error(message, record.err ?? ''),
};

export interface ObserverOptions {
  logger?: Logger | StructuredLogger | false;
  requestLog?: boolean;
  tracing?: Tracing;
}

export function createObserver(options: ObserverOptions): Observer {
  const { logger, requestLog, tracing } = options;
  if (logger === false) return { log: () => undefined, tracing };
  const structured = logger === undefined ? consoleLogger : isStructured(logger) ? logger : undefined;
  if (!structured) {
    const fn = logger as Logger;
    return { log: fn, tracing, request: requestLog ? (record) => fn('info', 'a2a request', record) : undefined };
  }
  return {
    log: (level, message, error) => structured[level](error === undefined ? {} : { err: error }, message),
    request: requestLog ? (record) => structured.info({ ...record }, 'a2a request') : undefined,
    tracing,
  };
}
