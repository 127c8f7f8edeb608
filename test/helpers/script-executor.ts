// A skill handler driven by its message text, so runtime tests can provoke every behaviour:
//   reply <text>   direct reply (a task on v0.1.0)     task          working, artifact, completed
//   chunks <n>     an artifact in n appended chunks    events <n>    n working updates, completed
//   ask            input-required, then completes with what the next message says (asks again if it says ask)
//   slow           works until canceled (artifact every 20 ms)      ticks <n>     n artifact chunks 15 ms apart
//   fail / crash   error paths
//   reject / auth  rejected / auth-required            rpc-error     throws a typed JSON-RPC error
//   gated <n>      working, then waits for openGate(), then n artifact chunks and completed
type Loose = Record<string, unknown>;

let gateOpened!: () => void;
let gate = new Promise<void>((resolve) => (gateOpened = resolve));
/** Releases every `gated` task waiting now; later ones wait for the next call. */
export function openGate(): void {
  gateOpened();
  gate = new Promise<void>((resolve) => (gateOpened = resolve));
}

interface Events {
  reply(c: unknown): void;
  working(c?: unknown): void;
  complete(c?: unknown): void;
  reject(c?: unknown): void;
  inputRequired(c: unknown): void;
  authRequired(c: unknown): void;
  artifact(c: unknown, flags?: Loose): string;
}
interface Context {
  text: string;
  task?: unknown;
  signal: AbortSignal;
}

export function scriptHandler(errors: { ContentTypeNotSupportedError: new (m?: string) => Error }) {
  return async (context: Context, events: Events): Promise<string | void> => {
    const [command, ...rest] = context.text.trim().split(/\s+/);
    const arg = rest.join(' ');
    // A follow-up completes the task, unless it asks again (the task then waits once more).
    if (context.task) return command === 'ask' ? events.inputRequired('what else now?') : events.complete(`got: ${context.text}`);
    switch (command) {
      case 'reply':
        return events.reply(arg || 'ok');
      case 'task':
        events.working('working');
        events.artifact('result text', { name: 'result' });
        return events.complete('done');
      case 'chunks': {
        const n = Number(arg) || 3;
        const id = events.artifact('chunk-0', { lastChunk: n === 1 });
        for (let i = 1; i < n; i++) events.artifact('chunk-' + i, { artifactId: id, append: true, lastChunk: i === n - 1 });
        return events.complete();
      }
      case 'events': {
        const n = Number(arg) || 10;
        for (let i = 0; i < n; i++) events.working('step ' + i);
        return events.complete();
      }
      case 'ticks': {
        const n = Number(arg) || 5;
        events.working('ticking');
        for (let i = 0; i < n && !context.signal.aborted; i++) {
          await new Promise((r) => setTimeout(r, 15));
          events.artifact('tick ' + i, { artifactId: 'ticks', append: i > 0, lastChunk: i === n - 1 });
        }
        return events.complete('ticked');
      }
      case 'gated': {
        const n = Number(arg) || 3;
        events.working('waiting at the gate');
        await gate;
        for (let i = 0; i < n; i++) events.artifact(`chunk ${i}`, { artifactId: 'gated', append: i > 0, lastChunk: i === n - 1 });
        return events.complete('through');
      }
      case 'ask':
        return events.inputRequired('what else?');
      case 'slow': {
        events.working('started');
        for (let i = 0; i < 500 && !context.signal.aborted; i++) {
          await new Promise((r) => setTimeout(r, 20));
          if (!context.signal.aborted) events.artifact('tick ' + i, { artifactId: 'ticks', append: i > 0 });
        }
        return;
      }
      case 'fail':
        events.working('about to fail');
        throw new Error('secret internal detail');
      case 'crash':
        throw new Error('secret internal detail');
      case 'reject':
        return events.reject('no');
      case 'auth':
        return events.authRequired('sign in first');
      case 'rpc-error':
        throw new errors.ContentTypeNotSupportedError('cannot handle that');
      default:
        return `echo: ${context.text}`;
    }
  };
}
