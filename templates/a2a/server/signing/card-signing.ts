// `server.cardSigning` at start: the key read (from the option, else the manifest's environment
// variable) and checked once, so a missing or unusable key stops the server before it serves an
// unsigned card; nothing at all when the manifest does not sign.
import { serverDefaults } from '../../agent.js';
import { env } from '../environment.js';
import { createCardSigner, type CardSigner } from './card-signer.js';
import { signingKeyFrom, type SigningKey } from './signing-key.js';

/** What the manifest says (false, or where the key and the JWK Set are): one shape in every agent. */
const settings = serverDefaults.cardSigning as false | { keyEnv: string; jwksPath: string };

/** The signer, when the manifest signs cards; throws SigningKeyError (one line) for a missing or unusable key. */
export function cardSigning(key: string | SigningKey | undefined): CardSigner | undefined {
  if (!settings) return undefined;
  const signingKey = typeof key === 'object' ? key : signingKeyFrom(key ?? env(settings.keyEnv), key === undefined ? settings.keyEnv : 'cardSigningKey');
  return createCardSigner(signingKey, settings.jwksPath);
}

/** The key in the manifest's variable, for src/main.ts to check before it creates the server (throws SigningKeyError). */
export function signingKeyFromEnv(): SigningKey | undefined {
  return settings ? signingKeyFrom(env(settings.keyEnv), settings.keyEnv) : undefined;
}
