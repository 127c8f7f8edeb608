// From v1.0 on a client names the A2A version of every request it sends (spec §3.6.1): the
// `A2A-Version` header, Major.Minor. Empty before v1.0, whose clients send none (§3.6.2: an
// absent header means 0.3).
import { protocol } from '../protocol.js';

export const VERSION_HEADER: Readonly<Record<string, string>> = protocol.negotiation ? { [protocol.negotiation.header]: protocol.negotiation.served[0] } : {};

/** The header's name, when the version has one. */
export const VERSION_HEADER_NAME: string | undefined = protocol.negotiation?.header;
