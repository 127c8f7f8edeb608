// GetExtendedAgentCard / agent/getAuthenticatedExtendedCard: the card for the authenticated
// caller. Not declared by the public card: unsupported (v1.0 §3.3.4); declared but none
// configured: ExtendedAgentCardNotConfigured (-32007).
import { errorFor } from '../../errors.js';
import { ruleApplies, ruleError } from '../spec/rules.js';
import type { Role } from './role.js';

export const extendedCard: Role<'extendedCard'> = {
  async run({ meta, config }) {
    if (!config.advertisesExtendedCard && ruleApplies('extended-card-capability')) throw ruleError('extended-card-capability', '');
    if (!config.extendedCard) return { kind: 'error', error: errorFor('authenticatedExtendedCardNotConfigured') };
    const card = await config.extendedCard(meta.principal);
    return { kind: 'result', result: config.signCard ? config.signCard(card) : card };
  },
};
