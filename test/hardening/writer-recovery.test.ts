// A generator killed mid-write (SIGKILL, injected by A2A_GEN_KILL_AFTER_FILES) and then run
// again after the manifest changed: the next run knows what the killed run wrote (its journal)
// and regenerates without --force, sweeping the temporaries. Before, the JSON files the killed
// run had renamed (they carry no header) were reported as edited by hand. A real hand edit made
// after the interrupted run is still a conflict.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runCliProcess } from '../helpers/cli-process.js';
import { exampleText } from '../helpers/examples.js';
import { listFiles, snapshot } from '../helpers/files.js';
import { tempDir } from '../helpers/tmp.js';

const JOURNAL = 'src/a2a/.a2a-gen-tmp-journal.json';
const CARD = 'src/a2a/agent-card.json';
const EXTENDED_CARD = 'src/a2a/agent-card.extended.json';
const georoute = exampleText('georoute');
const withVersion = (version: string): string => georoute.replace('version: 1.2.0', `version: ${version}`);
/** The temporaries of an unfinished run, its journal among them. */
const leftovers = async (dir: string): Promise<string[]> => (await listFiles(dir)).filter((p) => p.includes('.a2a-gen-tmp-'));

async function generatedProject(manifest: string): Promise<string> {
  const dir = await tempDir('recover-');
  await writeFile(join(dir, 'a2a.yaml'), manifest);
  const first = await runCli(['generate', '-q'], dir);
  expect(first.code, first.stderr).toBe(0);
  return dir;
}

/** The real binary, killed with SIGKILL right after its `files`-th rename. */
async function killedRun(dir: string, files: number): Promise<void> {
  const killed = await runCliProcess(['generate', '-q'], dir, { env: { A2A_GEN_KILL_AFTER_FILES: String(files) } });
  expect(killed.signal, killed.stderr).toBe('SIGKILL');
  const left = await leftovers(dir);
  expect(left, 'the kill landed mid-write: temporaries and the journal are left').toContain(JOURNAL);
  expect(left.length).toBeGreaterThan(1);
}

async function expectCleanRegeneration(dir: string): Promise<void> {
  const run = await runCli(['generate'], dir);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toMatch(/edited by hand/);
  expect(await leftovers(dir)).toEqual([]);
  const check = await runCli(['generate', '--check'], dir);
  expect(check.code, check.stdout).toBe(0);
}

describe('regenerating after a run killed mid-write', () => {
  it('kill, then edit the manifest: the next run regenerates cleanly (no --force), sweeps the temporaries, and --check is clean', async () => {
    const dir = await generatedProject(georoute);
    await writeFile(join(dir, 'a2a.yaml'), withVersion('2.0.0'));
    await killedRun(dir, 2);
    // The killed run renamed the two cards (no header: only the journal vouches for them).
    expect(await readFile(join(dir, CARD), 'utf8')).toContain('"version": "2.0.0"');
    await writeFile(join(dir, 'a2a.yaml'), withVersion('3.0.0').replace('Provides advanced route planning', 'Edited after the crash: provides route planning'));
    await expectCleanRegeneration(dir);
    const card = JSON.parse(await readFile(join(dir, CARD), 'utf8'));
    expect(card.version).toBe('3.0.0');
    expect(card.description).toMatch(/^Edited after the crash/);
  });

  it('two killed runs in a row: the second keeps what the first recorded', async () => {
    const dir = await generatedProject(georoute);
    await writeFile(join(dir, 'a2a.yaml'), withVersion('2.0.0'));
    await killedRun(dir, 2); // both cards at 2.0.0
    await writeFile(join(dir, 'a2a.yaml'), withVersion('3.0.0'));
    await killedRun(dir, 1); // the extended card at 3.0.0; the public card still at 2.0.0, known only to the first run
    expect(await readFile(join(dir, CARD), 'utf8')).toContain('"version": "2.0.0"');
    await writeFile(join(dir, 'a2a.yaml'), withVersion('4.0.0'));
    await expectCleanRegeneration(dir);
    expect(JSON.parse(await readFile(join(dir, EXTENDED_CARD), 'utf8')).version).toBe('4.0.0');
  });

  it('a file the killed run created and the manifest no longer makes is removed, not left untracked', async () => {
    const noExtended = georoute.replace('supportsAuthenticatedExtendedCard: true', 'supportsAuthenticatedExtendedCard: false');
    expect(noExtended).not.toBe(georoute);
    const dir = await generatedProject(noExtended);
    expect(await listFiles(dir)).not.toContain(EXTENDED_CARD);
    await writeFile(join(dir, 'a2a.yaml'), georoute);
    await killedRun(dir, 1); // the extended card, created first
    expect(await listFiles(dir)).toContain(EXTENDED_CARD);
    await writeFile(join(dir, 'a2a.yaml'), noExtended);
    await expectCleanRegeneration(dir);
    expect(await listFiles(dir)).not.toContain(EXTENDED_CARD);
  });

  it('a hand edit made after the killed run is still a conflict: nothing written, named, --force recovers', async () => {
    const dir = await generatedProject(georoute);
    await writeFile(join(dir, 'a2a.yaml'), withVersion('2.0.0'));
    await killedRun(dir, 2);
    // One file the killed run had renamed, one it had not reached: both edited by hand.
    const openapi = 'src/a2a/docs/openapi.json';
    await writeFile(join(dir, CARD), (await readFile(join(dir, CARD), 'utf8')).replace('"version": "2.0.0"', '"version": "2.0.0-mine"'));
    await writeFile(join(dir, openapi), (await readFile(join(dir, openapi), 'utf8')).replace('GeoSpatial', 'GeoSpatial (mine)'));
    await writeFile(join(dir, 'a2a.yaml'), withVersion('3.0.0'));
    const before = await snapshot(dir);
    const refused = await runCli(['generate'], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/2 generated file\(s\) were edited by hand/);
    expect(refused.stderr).toContain(`  ${CARD}\n`);
    expect(refused.stderr).toContain(`  ${openapi}\n`);
    expect(await snapshot(dir)).toEqual(before);
    const forced = await runCli(['generate', '--force', '-q'], dir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await leftovers(dir)).toEqual([]);
    expect((await runCli(['generate', '--check'], dir)).code).toBe(0);
  });
});
