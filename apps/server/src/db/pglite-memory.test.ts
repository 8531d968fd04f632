import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { createDatabase } from './client';
import { initPgliteDataDir, PGLITE_SHARED_BUFFERS } from './pglite-memory';

/** PGlite's answer to a raw statement (drizzle types `execute` per driver as unknown). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-pglite-memory-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the embedded database in DATA_DIR', () => {
  it('starts with the small shared buffers, and keeps its data across a restart', async () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const first = await createDatabase(config);
    const shown = await first.db.execute(sql`show shared_buffers`);
    expect(rowsOf<{ shared_buffers: string }>(shown)[0]?.shared_buffers).toBe(
      PGLITE_SHARED_BUFFERS,
    );
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('written before the restart')`);
    await first.close();

    const second = await createDatabase(config);
    const kept = await second.db.execute(sql`select note from kept`);
    expect(rowsOf(kept)).toEqual([{ note: 'written before the restart' }]);
    await second.close();
  }, 60_000);
});

describe('initPgliteDataDir', () => {
  it('creates the cluster of an empty directory, and leaves an existing one alone', async () => {
    const empty = tempDir();
    await initPgliteDataDir(empty);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(empty, 'base'))).toBe(true);

    const existing = tempDir();
    writeFileSync(join(existing, 'PG_VERSION'), '17\n');
    await initPgliteDataDir(existing);
    expect(readdirSync(existing)).toEqual(['PG_VERSION']);
  }, 60_000);

  it('rejects with the reason when the directory cannot hold a cluster', async () => {
    const file = join(tempDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(initPgliteDataDir(file)).rejects.toThrow(/\S/);
  });
});
