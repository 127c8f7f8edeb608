// The A2A versions this client can speak: its own, and those the generated client-versions.ts
// lists a translation for (the manifest's `compat`), only when its caller accepts them
// (version-fallback.ts says why).
import { clientVersions } from '../client-versions.js';
import { A2ATransportError } from './client-errors.js';
import { majorMinor, OWN_VERSION, type FallbackVersion } from './version-fallback.js';

/** The translation to `version`, or an error naming what this client can speak. */
export function fallbackTo(version: string): FallbackVersion {
  const found = clientVersions.find((v) => v.version === majorMinor(version));
  if (found) return found;
  const known = [OWN_VERSION, ...clientVersions.map((v) => v.version)].join(', ');
  throw new A2ATransportError(
    `this client speaks A2A ${known}, not ${version} (regenerate with \`compat: [${version}]\` where a2a-gen can translate it)`,
    'protocol',
  );
}

/** The versions a caller accepts that this client can speak, in the caller's order (default: its own only). */
export function spokenVersions(accepted: readonly string[] | undefined): string[] {
  if (!accepted) return [OWN_VERSION];
  return accepted.map(majorMinor).filter((v) => v === OWN_VERSION || clientVersions.some((c) => c.version === v));
}
