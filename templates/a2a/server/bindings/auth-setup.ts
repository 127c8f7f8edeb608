// What the card's security means for this server as started: a scheme with no verifier, or one
// made from no secrets (its variable unset), accepts no credentials. Said once at start-up, with
// the variable to set and whether every request will be refused — otherwise the agent prints
// `listening on` and answers 401 to everyone without a word.
import { security } from '../../agent.js';
import type { SecuritySchemeDescriptor } from '../../runtime/protocol-types.js';
import { authRequired, madeFromNoSecrets, type AnyVerifier } from './auth.js';

const schemes: readonly SecuritySchemeDescriptor[] = security.schemes;
const requirements: readonly (readonly string[])[] = security.requirements;

/** The start-up warning, or undefined when every scheme can accept someone (as far as can be told). */
export function unusableAuthWarning(verifiers: Readonly<Record<string, AnyVerifier | undefined>>): string | undefined {
  if (!authRequired) return undefined;
  if (Object.keys(verifiers).length === 0) return 'a2a: the card declares security but no `auth` verifiers were given: every request will be refused';
  // Scheme → why it accepts nobody, and the variable that would fix it.
  const dead = new Map<string, { why: string; variable?: string }>();
  // Only the schemes some requirement names can turn a request away.
  for (const scheme of schemes.filter((s) => requirements.some((alternative) => alternative.includes(s.name)))) {
    const verifier = verifiers[scheme.name];
    const empty = verifier ? madeFromNoSecrets(verifier) : undefined;
    if (!verifier) dead.set(scheme.name, { why: `no verifier was given for the "${scheme.name}" scheme` });
    else if (empty?.variable)
      dead.set(scheme.name, { why: `${empty.variable} is not set, so the "${scheme.name}" scheme accepts no credentials`, variable: empty.variable });
    else if (empty) dead.set(scheme.name, { why: `the "${scheme.name}" scheme was given no secrets` });
  }
  if (dead.size === 0) return undefined;
  const everyone = requirements.every((alternative) => alternative.some((name) => dead.has(name)));
  const outcome = everyone
    ? 'every request will be refused (401), all but the public Agent Card'
    : `requests that rely on ${[...dead.keys()].map((n) => `"${n}"`).join(' or ')} will be refused (401)`;
  const variables = [...dead.values()].flatMap((d) => (d.variable ? [d.variable] : []));
  const fix = variables.length > 0 ? ` Set ${variables.join(' and ')} to the accepted secrets (comma-separated) and restart.` : '';
  return `a2a: ${[...dead.values()].map((d) => d.why).join('; ')}: ${outcome}.${fix}`;
}
