// What card signatures cover, per version (model/card-form.ts): v1.0's form comes from the proto
// (closed; a field without presence holding its default is "not set"), v0.3's from the a2a.json
// (open; a field holding the schema's default is left out); before v0.3.0 cards carry no
// signatures, so `server.cardSigning` is an error located at the manifest's key.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInputs } from '../../generator/inputs.js';
import { readSchemaSource } from '../../generator/load/schema-source.js';
import { loadSpec } from '../../generator/load/spec.js';
import { buildProtocolModel } from '../../generator/model/protocol.js';
import { tempDir } from '../helpers/tmp.js';

const formOf = async (version: string) => buildProtocolModel(loadSpec(await readSchemaSource(version, { baseDir: '.' }))).cardForm;

describe('card forms', () => {
  it('v1.0: closed, from the proto — defaults of fields without presence, nested types, maps', async () => {
    const form = (await formOf('1.0'))!;
    expect(form).toMatchObject({ root: 'lf.a2a.v1.AgentCard', closed: true });
    const card = form.types[form.root];
    expect(card.securitySchemes).toEqual({ t: 'lf.a2a.v1.SecurityScheme', m: true });
    expect(card.name).toEqual({ d: '' });
    expect(form.types['lf.a2a.v1.AgentExtension'].required).toEqual({ d: false });
    // proto3 `optional`: set to false is information, and stays.
    expect(form.types['lf.a2a.v1.AgentCapabilities'].streaming).toEqual({});
  });

  it("v0.3.0: open, from the a2a.json — the schema's defaults", async () => {
    const form = (await formOf('0.3.0'))!;
    expect(form).toMatchObject({ root: 'AgentCard', closed: false });
    expect(form.types.AgentCard).toMatchObject({ protocolVersion: { d: '0.3.0' }, preferredTransport: { d: 'JSONRPC' }, skills: { t: 'AgentSkill' } });
  });

  it('before v0.3.0: none, and server.cardSigning is refused where it is written', async () => {
    expect(await formOf('0.2.6')).toBeUndefined();
    const dir = await tempDir('card-form-');
    const manifest = `spec: 0.2.6
agent:
  name: Old
  description: An old agent.
  version: 1.0.0
  url: http://127.0.0.1:41241/
  capabilities: {}
  defaultInputModes: [text/plain]
  defaultOutputModes: [text/plain]
skills:
  - { id: echo, name: Echo, description: Echoes., tags: [t] }
server:
  cardSigning: true
`;
    await writeFile(join(dir, 'a2a.yaml'), manifest);
    const failure = await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir }).catch((err: Error) => err);
    expect(String(failure)).toMatch(/a2a\.yaml:13:\d+: server\.cardSigning: A2A v0\.2\.6's cards carry no signatures/);
  });
});
