// Speaking an older A2A version to an agent that offers no interface in the client's own, only
// when the caller asks (spec v1.0 §3.6.3: clients that need the latest features must not fall back
// silently). A project generated with `compat: [0.3.0]` has the translation (the generated
// client-versions.ts lists it); the typed API stays the client's own version either way. What a
// translation is, here; which ones this client has, spoken-versions.ts (which reads
// client-versions.ts, whose translations implement FallbackVersion).
import { protocol } from '../protocol.js';
import type { WireEncoding } from './wire-encoding.js';

export interface FallbackVersion {
  /** Major.Minor, as `A2A-Version` and cards name it (`0.3`). */
  readonly version: string;
  /** `value` read as the client's own card when it is a card of this version; undefined when it is not one. */
  card(value: unknown): unknown;
  /** How `binding` goes on the wire in this version: the client's requests written in it, its answers read back into the client's version. */
  encoding(binding: 'JSONRPC' | 'HTTP+JSON'): WireEncoding;
}

/** The client's own version, Major.Minor (`1.0`); the full version before version negotiation. */
export const OWN_VERSION: string = protocol.negotiation?.served[0] ?? protocol.version;

/** Major.Minor of a version (`0.3.0` → `0.3`). */
export const majorMinor = (version: string): string => version.split('.').slice(0, 2).join('.');
