// How the wire shapes moved between two versions, read off the models' features (features.ts):
// the Part's discriminator or members, `kind` on result objects, wrapped results, `final` on
// status updates, where the send options sit, how push configs are laid out. One line per
// shape, breaking: code that builds or reads the old shape no longer fits. Each rule returns
// the type-level changes it explains (`Task.kind` removed, …), so those are not listed twice.
import { definitionName, followRefs, type JsonSchema } from '../json-schema.js';
import type { ProtocolFeatures } from '../../templates/a2a/runtime/protocol-types.js';
import type { Change } from './diff-change.js';
import { KIND_HOLDERS } from './features.js';
import type { ProtocolModel } from './protocol.js';

const code = (path: readonly string[] | undefined): string => `\`${(path ?? []).join('.')}\``;

type Shape = (subject: string, detail: string, seenAs?: Change['seenAs']) => void;

/** Adds the shape changes; returns the subjects of field changes they explain. */
export function diffShapes(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): Set<string> {
  const explained = new Set<string>();
  const [fa, fb] = [a.features, b.features];
  diffPart(a, b, add);
  const shape: Shape = (subject, detail, seenAs) => add({ area: 'shape', change: 'changed', subject, detail, breaking: true, ...(seenAs ? { seenAs } : {}) });

  const lostKinds = kindsLost(fa, fb);
  if (lostKinds.length > 0) {
    shape('kind', `result objects lose \`kind\`: ${lostKinds.map(([holder, value]) => `${holder} ("${value}")`).join(', ')}`);
    for (const [holder] of lostKinds) explained.add(`${holder}.kind`);
  }
  const gainedKinds = kindsLost(fb, fa);
  if (gainedKinds.length > 0) shape('kind', `result objects gain \`kind\`: ${gainedKinds.map(([holder, value]) => `${holder} ("${value}")`).join(', ')}`);

  if (!fa.resultMembers !== !fb.resultMembers) {
    const members = (fb.resultMembers ?? fa.resultMembers)!;
    const wrapped = `{ ${members.task} }, { ${members.message} }, { ${members.statusUpdate} }, { ${members.artifactUpdate} }`;
    // Code reading `reply.status` meets the wrapper (`SendMessageResponse`); code reading `reply.task`, the unwrapped type.
    const results = [...new Set(b.methods.filter((m) => m.role === 'send' || m.role === 'stream' || m.role === 'resubscribe').map((m) => m.resultType))];
    shape(
      'results',
      fb.resultMembers
        ? `send results and stream events are wrapped in a member: ${wrapped}`
        : `send results and stream events are no longer wrapped in ${wrapped}`,
      { ...(fb.resultMembers ? {} : { fields: Object.values(members) }), types: results },
    );
  }
  if (fa.statusUpdateFinal !== fb.statusUpdateFinal) {
    shape(
      'final',
      fb.statusUpdateFinal ? 'status updates carry `final`' : 'status updates lose `final`: the end of the stream marks the last event',
      fb.statusUpdateFinal ? undefined : { fields: ['final'], types: [KIND_HOLDERS.statusUpdate] },
    );
    if (!fb.statusUpdateFinal) explained.add('TaskStatusUpdateEvent.final');
  }
  diffSendOptions(a, b, shape);
  diffPushMethods(a, b, shape);
  return explained;
}

function diffPart(a: ProtocolModel, b: ProtocolModel, add: (c: Change) => void): void {
  const [fa, fb] = [a.features, b.features];
  const members = (f: ProtocolFeatures): string => Object.values(f.partMembers ?? {}).join(', ');
  const part = (subject: string, detail: string): void => add({ area: 'part', change: 'changed', subject, detail, breaking: true });
  if (a.discriminator && !b.discriminator && fb.partMembers)
    part('Part', `parts lose the \`${a.discriminator}\` discriminator; content is the member present (${members(fb)})`);
  else if (!a.discriminator && b.discriminator && fa.partMembers)
    part('Part', `parts gain the \`${b.discriminator}\` discriminator; content no longer is the member present (${members(fa)})`);
  else if (a.discriminator !== b.discriminator) part('Part discriminator', `"${a.discriminator}" → "${b.discriminator}"`);
}

/** The `kind` values `a` has that `b` lacks, by the definition holding them. */
function kindsLost(a: ProtocolFeatures, b: ProtocolFeatures): [holder: string, value: string][] {
  const lost: [string, string][] = [];
  for (const [key, holder] of Object.entries(KIND_HOLDERS) as [keyof ProtocolFeatures['kinds'], string][]) {
    const value = a.kinds?.[key];
    if (value !== undefined && b.kinds?.[key] === undefined) lost.push([holder, value]);
  }
  return lost;
}

function diffSendOptions(ma: ProtocolModel, mb: ProtocolModel, shape: Shape): void {
  const [a, b] = [ma.features.send ?? {}, mb.features.send ?? {}];
  // Where code meets a moved option: the old name, in the new version's type that lacks it.
  const seenAs = (old: readonly string[], now: readonly string[]) => ({ fields: old.slice(-1), types: holderTypes(mb, now) });
  // `returnImmediately` is `blocking` inverted (features.ts): one option renamed, its meaning flipped.
  if (a.blocking && !a.returnImmediately && b.returnImmediately && !b.blocking)
    shape('send options', `${code(a.blocking)} → ${code(b.returnImmediately)}, inverted: true now answers at once`, seenAs(a.blocking, b.returnImmediately));
  else if (a.returnImmediately && !a.blocking && b.blocking && !b.returnImmediately)
    shape('send options', `${code(a.returnImmediately)} → ${code(b.blocking)}, inverted: true waits for the task`, seenAs(a.returnImmediately, b.blocking));
  for (const key of ['historyLength', 'pushNotificationConfig', 'acceptedOutputModes'] as const) {
    const [pa, pb] = [a[key], b[key]];
    if (pa && pb && pa.join('.') !== pb.join('.')) shape('send options', `${code(pa)} → ${code(pb)}`, seenAs(pa, pb));
  }
}

/** The definition holding the last field of a send-params path (`configuration.blocking` → `SendMessageConfiguration`). */
function holderTypes(m: ProtocolModel, path: readonly string[]): string[] {
  let name = m.methods.find((x) => x.role === 'send')?.paramsType;
  for (const field of path.slice(0, -1)) {
    const ref = name === undefined ? undefined : m.definitions[name]?.properties?.[field]?.$ref;
    name = typeof ref === 'string' ? definitionName(ref) : undefined;
  }
  return name === undefined ? [] : [name];
}

function diffPushMethods(ma: ProtocolModel, mb: ProtocolModel, shape: Shape): void {
  const [a, b] = [ma.features.pushMethods, mb.features.pushMethods];
  if (!a || !b) return;
  if (a.configField && !b.configField) {
    const holder = (m: ProtocolModel): JsonSchema | undefined => m.definitions.TaskPushNotificationConfig;
    const inner = Object.keys(followRefs(ma.definitions, holder(ma)?.properties?.[a.configField])?.properties ?? {});
    const moved = inner.filter((f) => Object.hasOwn(holder(mb)?.properties ?? {}, f));
    shape('push configs', `flattened: TaskPushNotificationConfig holds the config's fields (${moved.join(', ')}) itself, no \`${a.configField}\` member`, {
      fields: [a.configField],
      types: ['TaskPushNotificationConfig'],
    });
  } else if (!a.configField && b.configField) shape('push configs', `nested: TaskPushNotificationConfig holds the config in \`${b.configField}\``);
  const params: string[] = [];
  if (a.taskParam !== b.taskParam) params.push(`the task \`${a.taskParam}\` → \`${b.taskParam}\``);
  if (a.configIdParam !== b.configIdParam) params.push(`the config \`${a.configIdParam}\` → \`${b.configIdParam}\``);
  if (params.length > 0) shape('push configs', `get/list/delete params name ${params.join(', ')}`);
  if (a.listMember !== b.listMember)
    shape(
      'push configs',
      `list answers ${a.listMember ? `{ ${a.listMember}: [...] }` : 'a bare array'} → ${b.listMember ? `{ ${b.listMember}: [...] }` : 'a bare array'}`,
    );
  if (a.deleteAnswersObject !== b.deleteAnswersObject) shape('push configs', `delete answers ${b.deleteAnswersObject ? 'null → {}' : '{} → null'}`);
}
