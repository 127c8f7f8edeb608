// Push notifications a receiver can trust (an a2a-gen feature; spec v1.0 §4.3 asks receivers to
// verify where a notification comes from, and no SDK gives them a way): when the agent signs its
// cards, each webhook delivery carries a detached JWS of its exact body (RFC 7515 Appendix F) in
// `X-A2A-Notification-Signature`, made with the same key, with `kid` and `jku` (the agent's JWK
// Set) and, against replays, when it was made (`iat`) and a unique id (`jti`). A retry of the same
// body keeps its signature, so a receiver that already took it sees a duplicate. The generated
// client's receiver helper (client/push-receiver.ts) checks all of it; a receiver may ignore it.
import { randomUUID } from 'node:crypto';
import { jkuOf, signJws, type CardSigner } from './card-signer.js';

export const NOTIFICATION_SIGNATURE_HEADER = 'x-a2a-notification-signature';

/** Signs a notification body: the header's value. `own` is the agent's card as served now (for `jku`). */
export function notificationSigner(signer: CardSigner, own: () => object): (body: string) => string {
  return (body) => {
    const jws = signJws(signer.key, jkuOf(own(), signer.jwksPath), body, { iat: Math.floor(Date.now() / 1000), jti: randomUUID() });
    // Detached: the payload is the body itself, so the compact form leaves it out (RFC 7515 Appendix F).
    return `${jws.protected}..${jws.signature}`;
  };
}
