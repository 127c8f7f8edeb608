// `server.store: postgres` in the emitted project: the PostgreSQL runtime (and the one import of
// `pg`) only for agents that chose it, main.ts connecting from the environment, package.json
// declaring the driver, a strict type-check; and the manifest keys' own errors.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { loadInputs } from '../../generator/inputs.js';
import { PG_MANIFEST } from '../helpers/replicas.js';
import { tempDir } from '../helpers/tmp.js';
import { typecheck } from '../helpers/typecheck.js';
import { writeFiles } from '../helpers/write-files.js';

async function emit(manifest: string): Promise<{ dir: string; files: Map<string, string> }> {
  const dir = await tempDir('pg-emit-');
  await writeFile(join(dir, 'a2a.yaml'), manifest);
  const generated = await generate(await loadInputs({ manifestPath: 'a2a.yaml', cwd: dir }));
  await writeFiles(dir, generated);
  return { dir, files: new Map(generated.map((f) => [f.path, f.content])) };
}

const MEMORY_MANIFEST = PG_MANIFEST.replace(/\nserver:\n  store: postgres\n/, '\n');

describe('server.store', () => {
  it('memory (the default): no PostgreSQL file, no import of pg, no driver in package.json', async () => {
    const { files } = await emit(MEMORY_MANIFEST);
    expect([...files.keys()].filter((p) => p.includes('postgres'))).toEqual([]);
    for (const [path, content] of files) if (path.endsWith('.ts')) expect(content, path).not.toMatch(/from 'pg'/);
    const pkg = JSON.parse(files.get('package.json')!);
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.devDependencies['@types/pg']).toBeUndefined();
    expect(files.get('src/main.ts')).not.toMatch(/connectPostgres/);
  });

  it('postgres: the store, bus and schema in src/a2a/postgres/, main.ts connecting from DATABASE_URL, pg declared; strict tsc passes', async () => {
    const { dir, files } = await emit(PG_MANIFEST);
    const store = [...files.keys()].filter((p) => p.includes('postgres')).sort();
    expect(store).toEqual(
      [
        'postgres-batch.ts',
        'postgres-bus.ts',
        'postgres-errors.ts',
        'postgres-fail.ts',
        'postgres-list.ts',
        'postgres-push.ts',
        'postgres-reads.ts',
        'postgres-replica.ts',
        'postgres-row.ts',
        'postgres-schema.ts',
        'postgres-store.ts',
        'postgres-writer.ts',
        'postgres.ts',
      ].map((f) => `src/a2a/postgres/${f}`),
    );
    const pkg = JSON.parse(files.get('package.json')!);
    expect(pkg.dependencies).toEqual({ pg: expect.stringMatching(/^\^8\./) });
    expect(pkg.devDependencies['@types/pg']).toMatch(/^\^8\./);
    const main = files.get('src/main.ts')!;
    expect(main).toMatch(/process\.env\["DATABASE_URL"\]/);
    expect(main).toMatch(/taskStore: stores\.taskStore/);
    expect(await typecheck(dir, [dir])).toBe('');
  });

  it('postgres with databaseUrlEnv: main.ts reads that variable', async () => {
    const { files } = await emit(PG_MANIFEST.replace('store: postgres', 'store: postgres\n  databaseUrlEnv: AGENT_DB'));
    expect(files.get('src/main.ts')).toMatch(/process\.env\["AGENT_DB"\]/);
  });

  it('an unknown store or a bad variable name is an error naming the field', async () => {
    await expect(emit(PG_MANIFEST.replace('store: postgres', 'store: mysql'))).rejects.toThrow(/server\.store[\s\S]*(memory|postgres)/);
    await expect(emit(PG_MANIFEST.replace('store: postgres', 'store: postgres\n  databaseUrlEnv: "postgres://x@y/z"'))).rejects.toThrow(
      /server\.databaseUrlEnv/,
    );
  });
});
