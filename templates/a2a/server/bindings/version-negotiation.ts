// Version negotiation (spec v1.0 §3.6): a request names the A2A version it speaks in the
// `A2A-Version` header; an interface answers only the versions it serves and refuses others
// with VersionNotSupportedError. An absent or empty header means 0.3 (§3.6.2). Only
// Major.Minor counts: `1.0.1` asks for 1.0. An agent with version adapters (the manifest's
// `compat`) serves their versions too, each request in the version it names.
import { errorFor, type JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { versionAdapters } from '../../version-adapters.js';
import type { VersionAdapter } from './version-adapter.js';

const negotiation = protocol.negotiation;
/** Every version served: the agent's own, then those it translates. */
const servedVersions = (): string[] => (negotiation ? [...negotiation.served, ...versionAdapters.map((a) => a.version)] : []);

/** The header to read, lower case (as node:http and Fetch Headers both accept), or undefined when the version has none. */
export const versionHeader: string | undefined = negotiation?.header.toLowerCase();

/** Whether some request may be served in another version than the agent's (answers then vary by `A2A-Version`). */
export const translatesVersions = (): boolean => versionAdapters.length > 0;

/**
 * The version a request asks for: its `A2A-Version` header, else the request parameter of the
 * same name (§3.6.1: "Clients MAY provide the A2A-Version as a request parameter instead").
 */
export function requestedVersion(request: { header(name: string): string | undefined; query?: string }): string | undefined {
  if (!negotiation) return undefined;
  const header = request.header(versionHeader!);
  if ((header !== undefined && header.trim() !== '') || !request.query) return header;
  return new URLSearchParams(request.query).get(negotiation.header) ?? header;
}

/** What a request is served in: the agent's own version (`adapter` undefined), a translated one, or refused. */
export type Negotiated = { ok: true; adapter: VersionAdapter | undefined } | { ok: false; error: JsonRpcError };

export const NATIVE: Negotiated = Object.freeze({ ok: true, adapter: undefined });
const answers = new Map<string, Negotiated>();

/** The version a request is served in, from its header (`requestedVersion`). */
export function negotiate(header: string | undefined): Negotiated {
  if (!negotiation) return NATIVE;
  const given = (header ?? '').trim();
  const asked = given === '' ? negotiation.absentMeans : given;
  const parts = /^v?(\d{1,4})\.(\d{1,4})(?:\.\d{1,4})?$/.exec(asked);
  const majorMinor = parts ? `${Number(parts[1])}.${Number(parts[2])}` : undefined;
  if (majorMinor !== undefined && negotiation.served.includes(majorMinor)) return NATIVE;
  const adapter = versionAdapters.find((a) => a.version === majorMinor);
  if (adapter) {
    let served = answers.get(adapter.version);
    if (!served) answers.set(adapter.version, (served = Object.freeze({ ok: true, adapter })));
    return served;
  }
  const shown = JSON.stringify(asked.slice(0, 40));
  const why =
    given === ''
      ? `a request without ${negotiation.header} speaks version ${negotiation.absentMeans} (spec §3.6.2), which this interface does not serve; send "${negotiation.header}: ${negotiation.served[0]}"`
      : `${negotiation.header} ${shown} is not served here; this interface serves ${servedVersions().join(', ')}`;
  return { ok: false, error: errorFor('versionNotSupported', why, { requested: asked.slice(0, 40), supported: servedVersions().join(',') }) };
}
