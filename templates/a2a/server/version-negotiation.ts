// Version negotiation (spec v1.0 §3.6): a request names the A2A version it speaks in the
// `A2A-Version` header; an interface answers only the versions it serves and refuses others
// with VersionNotSupportedError. An absent or empty header means 0.3 (§3.6.2). Only
// Major.Minor counts: `1.0.1` asks for 1.0.
import { errorFor, type JsonRpcError } from '../errors.js';
import { protocol } from '../protocol.js';

const negotiation = protocol.negotiation;

/** The header to read, lower case (as node:http and Fetch Headers both accept), or undefined when the version has none. */
export const versionHeader: string | undefined = negotiation?.header.toLowerCase();

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

/** The error for a request naming a version this interface does not serve; undefined when it serves it. */
export function versionRefusal(header: string | undefined): JsonRpcError | undefined {
  if (!negotiation) return undefined;
  const given = (header ?? '').trim();
  const asked = given === '' ? negotiation.absentMeans : given;
  const parts = /^v?(\d{1,4})\.(\d{1,4})(?:\.\d{1,4})?$/.exec(asked);
  const majorMinor = parts ? `${Number(parts[1])}.${Number(parts[2])}` : undefined;
  if (majorMinor !== undefined && negotiation.served.includes(majorMinor)) return undefined;
  const shown = JSON.stringify(asked.slice(0, 40));
  const why =
    given === ''
      ? `a request without ${negotiation.header} speaks version ${negotiation.absentMeans} (spec §3.6.2), which this interface does not serve; send "${negotiation.header}: ${negotiation.served[0]}"`
      : `${negotiation.header} ${shown} is not served here; this interface serves ${negotiation.served.join(', ')}`;
  return errorFor('versionNotSupported', why, { requested: asked.slice(0, 40), supported: negotiation.served.join(',') });
}
