// Extensions over the wire, client side (spec v1.0 §4.6): those a call asks for go out in
// `A2A-Extensions` — and in `X-A2A-Extensions`, what v0.3 agents (and the official v0.3 SDKs)
// read, so one client asks any version's agent the same way; the agent's answer names the ones
// it activated in either.
import type { CallOptions, TransportOptions } from './client-transport.js';

const NAMES = ['a2a-extensions', 'x-a2a-extensions'] as const;

/** The request headers asking for the client's and the call's extensions; undefined when there are none. */
export function extensionRequestHeaders(client: TransportOptions, call: CallOptions): Record<string, string> | undefined {
  if (!client.extensions?.length && !call.extensions?.length) return undefined;
  const list = [...new Set([...(client.extensions ?? []), ...(call.extensions ?? [])])].join(', ');
  return { [NAMES[0]]: list, [NAMES[1]]: list };
}

/** Tells the call which extensions the agent activated, from the response's headers (or gRPC metadata). */
export function reportActivated(call: CallOptions, header: (name: string) => string | null | undefined): void {
  if (!call.onExtensions) return;
  const named = header(NAMES[0]) ?? header(NAMES[1]) ?? '';
  call.onExtensions([...new Set(named.split(',').map((uri) => uri.trim()))].filter((uri) => uri !== ''));
}
