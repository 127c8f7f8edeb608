// Enforces the rules of the specification text that the schema cannot express. Which rules
// apply, the error each raises and the section that states it come from the generated
// descriptor (generator/model/spec-rules.ts): this file only knows how to check them.
import { errorFor, type JsonRpcError } from '../../errors.js';
import { protocol } from '../../protocol.js';
import { partKind } from '../../runtime/objects.js';
import type { Loose } from '../../runtime/shapes.js';

const userRole = protocol.features.roles.user;
import type { RuleId } from '../../runtime/protocol-types.js';

const rules = protocol.rules;

export const ruleApplies = (id: RuleId): boolean => rules[id] !== undefined;

/** The error for a broken rule; `data` names the rule, the spec section and where in the params. */
export function ruleError(id: RuleId, path: string, detail?: string): JsonRpcError {
  const rule = rules[id];
  const description = rule?.description ?? id;
  return errorFor(rule?.error ?? 'invalidParams', atPath(detail ? `${description}: ${detail}` : description, path), { rule: id, section: rule?.section, path });
}

/** -32602 for a value at `path` (a JSON pointer into the params), named in the message too. */
export function invalidParams(path: string, message: string, data: Record<string, unknown> = {}): JsonRpcError {
  return errorFor('invalidParams', atPath(message, path), { ...data, path });
}

const atPath = (message: string, path: string): string => (path ? `${message} (at ${path})` : message);

/** Rules on a message the client sends (`path` locates it in the params, e.g. `/message`). */
export function checkClientMessage(message: Loose, path: string, maxParts: number): void {
  const parts = Array.isArray(message.parts) ? (message.parts as Loose[]) : [];
  if (ruleApplies('no-kind-discriminator')) {
    if ('kind' in message) throw ruleError('no-kind-discriminator', `${path}/kind`);
    parts.forEach((part, i) => {
      if (part !== null && typeof part === 'object' && 'kind' in part) throw ruleError('no-kind-discriminator', `${path}/parts/${i}/kind`);
    });
  }
  if (ruleApplies('message-has-parts') && parts.length === 0) throw ruleError('message-has-parts', `${path}/parts`);
  if (parts.length > maxParts) {
    throw invalidParams(
      `${path}/parts`,
      `the message has ${parts.length} parts; this server accepts at most ${maxParts} (limit server.limits.partsPerMessage)`,
      {
        limit: 'partsPerMessage',
        max: maxParts,
      },
    );
  }
  if (ruleApplies('message-role-user') && message.role !== userRole)
    throw ruleError('message-role-user', `${path}/role`, `got ${JSON.stringify(message.role)}`);
  parts.forEach((part, i) => {
    const content = fileContentOf(part);
    if (content && !isBase64(content.value))
      throw invalidParams(`${path}/parts/${i}${content.at}`, 'the file content is not base64 (the standard or URL-safe alphabet, padding optional)');
  });
  if (ruleApplies('file-bytes-xor-uri')) {
    parts.forEach((part, i) => {
      if (partKind(part) !== 'file') return;
      const file = (part.file ?? {}) as Loose;
      const hasBytes = typeof file.bytes === 'string';
      const hasUri = typeof file.uri === 'string';
      if (hasBytes === hasUri) throw ruleError('file-bytes-xor-uri', `${path}/parts/${i}/file`, hasBytes ? 'both are present' : 'neither is present');
    });
  }
}

const rawMember = protocol.features.partMembers?.raw;

/** A file part's inline content (v1.0 `raw`, before it `file.bytes`) and where in the part it is. */
function fileContentOf(part: unknown): { value: string; at: string } | undefined {
  if (partKind(part) !== 'file') return undefined;
  const p = part as Loose;
  if (rawMember !== undefined) return typeof p[rawMember] === 'string' ? { value: p[rawMember] as string, at: `/${rawMember}` } : undefined;
  const bytes = ((p.file ?? {}) as Loose).bytes;
  return typeof bytes === 'string' ? { value: bytes, at: '/file/bytes' } : undefined;
}

/**
 * Base64 as ProtoJSON reads it (and as v0.x clients write it): the standard or the URL-safe
 * alphabet, with or without padding — but no other character and no length that leaves a lone
 * character over, which decoders would drop or reject silently.
 */
function isBase64(text: string): boolean {
  if (!BASE64.test(text)) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return padding === 0 ? text.length % 4 !== 1 : text.length % 4 === 0;
}
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** `historyLength` as requested: a non-negative integer, or undefined when absent. */
export function checkHistoryLength(value: unknown, path: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidParams(path, 'historyLength must be an integer');
  if (value < 0 && ruleApplies('history-length-non-negative')) throw ruleError('history-length-non-negative', path, `got ${value}`);
  return value;
}

/** Whether a task is returned without history when the client did not ask for any. */
export const historyAbsentMeansNone = (): boolean => ruleApplies('history-absent-means-none');

/** Checks a push notification URL is an absolute http(s) URL. */
export function checkPushUrl(url: unknown, path: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    if (ruleApplies('push-url-absolute')) throw ruleError('push-url-absolute', path, `got ${JSON.stringify(url)}`);
    throw invalidParams(path, 'push notification url must be an absolute http(s) URL');
  }
  return parsed;
}
