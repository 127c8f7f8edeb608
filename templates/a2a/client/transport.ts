// A2A over HTTP with fetch, in either binding (JSON-RPC 2.0 or HTTP+JSON: wire-encoding.ts,
// rest-encoding.ts): unary calls and SSE streams, typed errors, per-call timeouts and
// AbortSignals, retries with backoff for idempotent calls only, one retry after HTTP 401 when
// the auth handler refreshed its credentials, call interceptors, and optional validation of
// every result against the generated schema. Works in Node ≥ 20 and browsers.
import { VERSION_HEADER, VERSION_HEADER_NAME } from './version-header.js';
import { fallbackTo } from './spoken-versions.js';
import { majorMinor, OWN_VERSION } from './version-fallback.js';
import { protocol } from '../protocol.js';
import { credentialsOf, type Auth, type Credentials } from './auth.js';
import { A2AHttpError, A2AResponseValidationError, A2ATransportError } from './client-errors.js';
import { adopt, InterceptorChain, type CallInterceptor, type InterceptedCall, type TransportCall } from './interceptors.js';
import { openConnection, type Connection } from './http-connection.js';
import { SseBody } from './sse-body.js';
import type { SseMessage } from './sse-parser.js';
import { isRetryable, retryDelay, sleep, transportError } from './transport-failures.js';
import { restEncoding } from './rest-encoding.js';
import { extensionRequestHeaders, reportActivated } from './extension-headers.js';
import { jsonRpcEncoding, type WireEncoding } from './wire-encoding.js';
import type { CallOptions, ClientTransport, TransportOptions } from './client-transport.js';

export type { CallOptions, ClientBinding, TransportOptions } from './client-transport.js';

/** One call while it runs (its headers a plain record until the interceptors have seen them). */
type Call = TransportCall<Record<string, string> | Headers>;

export class HttpTransport implements ClientTransport {
  private nextId = 1;
  private readonly endpoint: URL;
  private readonly fetchImpl: typeof fetch;
  private readonly credentials: Credentials;
  private readonly chain?: InterceptorChain;
  private readonly baseHeaders: Record<string, string>;
  private readonly encoding: WireEncoding;

  constructor(readonly options: TransportOptions) {
    this.endpoint = new URL(options.url);
    const binding = options.binding ?? 'JSONRPC';
    if (binding === 'GRPC') throw new A2ATransportError('gRPC is not spoken over fetch: client-transport.ts chooses the gRPC transport', 'protocol');
    const other = options.version === undefined || majorMinor(options.version) === OWN_VERSION ? undefined : fallbackTo(options.version);
    this.encoding = other ? other.encoding(binding) : binding === 'HTTP+JSON' ? restEncoding() : jsonRpcEncoding;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.credentials = credentialsOf(options.auth);
    if (options.interceptors?.length) this.chain = new InterceptorChain([...options.interceptors]);
    // v1.0 on, every request names the version it speaks (spec §3.6.1); a header given in options wins.
    const version = other && VERSION_HEADER_NAME ? { [VERSION_HEADER_NAME]: other.version } : VERSION_HEADER;
    this.baseHeaders = { 'content-type': 'application/json', ...version, ...options.headers };
  }

  /** One call; `idempotent` calls are retried on network errors and 502/503/504. */
  call(method: string, params: unknown, options: CallOptions = {}, idempotent = false): Promise<unknown> {
    const call = this.start(method, params, 'application/json', options);
    if (!this.chain) return this.unary(call, options, idempotent);
    return this.chain.unary(this.intercepted(call, false, options), call, (sent) => this.unary(adopt(call, sent), options, idempotent));
  }

  /** A streaming call: yields each event's result until the server closes the stream. */
  stream(method: string, params: unknown, options: CallOptions = {}, idempotent = false): AsyncGenerator<unknown, void, undefined> {
    const call = this.start(method, params, 'text/event-stream', options);
    if (!this.chain) return this.events(call, options, idempotent);
    return this.chain.stream(this.intercepted(call, true, options), call, (sent) => this.events(adopt(call, sent), options, idempotent));
  }

  private start(method: string, params: unknown, accept: string, options: CallOptions): Call {
    const tenant = this.options.tenant;
    if (tenant !== undefined && (params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params) && !('tenant' in params))))
      params = { ...(params as object | undefined), tenant };
    const extensions = extensionRequestHeaders(this.options, options);
    return { method, params, headers: { ...this.baseHeaders, accept, ...extensions, ...options.headers }, status: undefined, attempts: 0, refreshed: false };
  }

  /** The interceptors' view of a call: typed by method, with headers they can edit. */
  private intercepted(call: Call, streaming: boolean, options: CallOptions): InterceptedCall {
    return { method: call.method, params: call.params, headers: new Headers(call.headers), streaming, signal: options.signal } as InterceptedCall;
  }

  private async unary(call: Call, options: CallOptions, idempotent: boolean): Promise<unknown> {
    const retries = idempotent ? (this.options.retries ?? 2) : 0;
    for (let attempt = 0; ;) {
      const id = this.nextId++;
      const connection = await this.open(id, call, options, attempt < retries);
      try {
        if (connection instanceof Error) throw connection;
        if (await this.refreshed(call, connection)) continue;
        reportActivated(options, (name) => connection.response.headers.get(name));
        return await this.readResult(call.method, id, connection.response, options);
      } catch (err) {
        if (attempt >= retries || !isRetryable(err)) throw err;
        await sleep(retryDelay(attempt++, this.options.retryDelayMs ?? 200), options.signal);
      } finally {
        if (!(connection instanceof Error)) connection.close();
      }
    }
  }

  private async *events(call: Call, options: CallOptions, idempotent: boolean): AsyncGenerator<unknown, void, undefined> {
    const { method } = call;
    const retries = idempotent ? (this.options.retries ?? 2) : 0;
    let connection: Connection | undefined;
    let id = 0;
    for (let attempt = 0; !connection;) {
      id = this.nextId++;
      const opened = await this.open(id, call, options, attempt < retries);
      try {
        if (opened instanceof Error) throw opened;
        // A 401 before the stream starts: refreshed credentials get one more try.
        if (await this.refreshed(call, opened)) {
          opened.close();
          continue;
        }
        const { response } = opened;
        reportActivated(options, (name) => response.headers.get(name));
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || /^application\/([a-z0-9.+-]+\+)?json/.test(type)) {
          // An error (or a server that answered without streaming): one answer.
          try {
            yield await this.readResult(method, id, response, options);
          } finally {
            opened.close();
          }
          return;
        }
        if (!type.startsWith('text/event-stream')) {
          opened.close();
          throw new A2ATransportError(`expected text/event-stream from ${method}, got ${type || 'no content type'}`, 'protocol');
        }
        // The time limit covers the wait for the stream to start, not its whole life.
        opened.stopTimer();
        connection = opened;
      } catch (err) {
        if (!(opened instanceof Error)) opened.close();
        if (attempt >= retries || !isRetryable(err)) throw err;
        await sleep(retryDelay(attempt++, this.options.retryDelayMs ?? 200), options.signal);
      }
    }
    const body = new SseBody(connection.response.body!, method, connection.signal, options.signal, this.options.maxEventChars ?? 16 * 1024 * 1024);
    try {
      for (let more = true; more;) {
        more = await body.read();
        while (body.messages.length > 0) {
          if (options.signal?.aborted) throw new A2ATransportError(`${method}: aborted`, 'aborted', { cause: options.signal.reason });
          yield this.eventResult(method, id, body.messages.shift()!);
        }
      }
    } finally {
      // Leaving early (break, an error, the signal) closes the connection.
      body.close();
      connection.close();
    }
  }

  private eventResult(method: string, id: number, message: SseMessage): unknown {
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      throw new A2ATransportError(`an event of ${method} is not JSON`, 'protocol');
    }
    return this.checked(method, this.encoding.result(method, id, payload, message.event));
  }

  /**
   * After HTTP 401, asks the auth handlers (once per call) whether to send the call again with
   * refreshed credentials. Resending is safe even for message/send, which is otherwise never
   * retried: A2A authenticates at the HTTP layer, so a 401 means the request was refused before
   * it ran (the generated server checks credentials before it reads the body).
   * When there is no retry, the connection keeps a copy of the 401 for the caller to read.
   */
  private async refreshed(call: Call, connection: Connection): Promise<boolean> {
    const { response } = connection;
    if (response.status !== 401 || !this.credentials.refresh || call.refreshed) return false;
    call.refreshed = true;
    // Read once, so each handler and the error the caller may get have their own copy.
    const text = await response.text().catch(() => '');
    connection.response = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    return this.credentials.refresh(connection.response);
  }

  /** Sends the request, with credentials applied for this attempt (http-connection.ts: the time limit, the caller's signal, failures to retry). */
  private async open(id: number, call: Call, options: CallOptions, mayRetry: boolean): Promise<Connection | Error> {
    const { method, params } = call;
    const { url: target, verb, body } = this.encoding.request(this.endpoint, id, method, params);
    let url = target.href;
    let headers = call.headers;
    if (this.credentials.hooks.length > 0) {
      const request = { url: new URL(target), headers: new Headers(headers) };
      for (const hook of this.credentials.hooks) await hook(request);
      url = request.url.href;
      headers = request.headers;
    }
    call.attempts++;
    call.status = undefined;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    const connection = await openConnection(this.fetchImpl, { url, verb, headers, body }, method, timeoutMs, options.signal, mayRetry);
    if (!(connection instanceof Error)) call.status = connection.response.status;
    return connection;
  }

  private async readResult(method: string, id: number, response: Response, options: CallOptions): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw transportError(err, options.signal, `reading the response to ${method}`);
    }
    let payload: unknown;
    try {
      payload = text === '' && response.status === 204 ? {} : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (!response.ok) {
      const error = payload !== undefined && response.status !== 401 && response.status !== 403 ? this.encoding.error(payload) : undefined;
      if (error) throw error;
      const detail = messageOf(payload) ?? response.statusText;
      throw new A2AHttpError(
        response.status,
        `${method}: HTTP ${response.status}${detail ? ` ${detail}` : ''}`,
        response.headers.get('www-authenticate') ?? undefined,
        text,
      );
    }
    if (payload === undefined) throw new A2ATransportError(`the response to ${method} is not JSON`, 'protocol');
    return this.checked(method, this.encoding.result(method, id, payload));
  }

  /** The result, checked against the schema when `validateResponses` is on. */
  private checked(method: string, result: unknown): unknown {
    if (this.options.validateResponses) {
      const descriptor = protocol.methods[method];
      const issues = descriptor?.result.check(result);
      if (issues) throw new A2AResponseValidationError(`the result of ${method} does not match the A2A ${protocol.name} schema`, issues, result);
    }
    return result;
  }
}

/** An error body's message, whichever binding wrote it (`{ message }` or `{ error: { message } }`). */
function messageOf(payload: unknown): string | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const p = payload as { message?: unknown; error?: { message?: unknown } };
  if (typeof p.message === 'string') return p.message;
  return p.error !== null && typeof p.error === 'object' && typeof p.error.message === 'string' ? p.error.message : undefined;
}
