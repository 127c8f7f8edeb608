// What an error may echo of a request: an id or value the client chose can be as long as the body
// allows (a 12 KB task id), and an error answer is no place to send it back whole. Cut, and marked
// as cut, so a reader knows it is not the whole value.

/** Characters of an echoed id or value kept in error messages and data. */
export const ECHO_CHARS = 64;

/** `text` whole when short, else its first 64 characters and "…". */
export const clip = (text: string): string => (text.length > ECHO_CHARS ? `${text.slice(0, ECHO_CHARS)}…` : text);
