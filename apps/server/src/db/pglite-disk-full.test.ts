import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '@/config';
import { errorsPlugin } from '@/plugins/errors';
import { createDatabase, pgliteOf } from './client';

const dir = mkdtempSync(join(tmpdir(), 'nf-pglite-disk-full-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('the embedded database in DATA_DIR, out of space', () => {
  it('answers 507 for a write, serves reads, and recovers on a new instance by itself', async () => {
    // The migrated template skips initdb when the tests run on PGlite.
    const template = inject('pgliteTemplate');
    const handle = await createDatabase(
      loadConfig({ DATA_DIR: dir }),
      template ? { pgliteTemplate: new Blob([readFileSync(template)]) } : {},
    );
    const { db } = handle;
    await db.execute(sql`create table kept (note text)`);
    await db.execute(sql`insert into kept values ('before')`);

    // The disk is full for inserts into kept: PGlite's own error, as a 64 MB tmpfs gave it.
    const disk = { full: true };
    const instances = new Set<PGlite>();
    const query = PGlite.prototype.query;
    vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, ...args) {
      instances.add(this);
      if (disk.full && args[0].startsWith('insert into kept')) {
        const message = 'could not extend file "base/5/16385": No space left on device';
        throw Object.assign(new Error(message), { code: '53100', severity: 'ERROR' });
      }
      return query.apply(this, args);
    } as PGlite['query']);

    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/kept', async () => {
      await db.execute(sql`insert into kept values ('after')`);
      return { success: true };
    });
    app.get('/kept', async () => {
      const result = (await db.execute(sql`select note from kept order by note`)) as {
        rows: { note: string }[];
      };
      return result.rows.map((row) => row.note);
    });

    const refused = await app.inject({ method: 'POST', url: '/kept' });
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({
      success: false,
      errors: [{ code: 'SERVICE_UNAVAILABLE', source: null }],
    });
    expect((await app.inject({ method: 'GET', url: '/kept' })).json()).toEqual(['before']);
    expect(instances.size).toBe(1);

    disk.full = false;
    // DATA_DIR is looked at again once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await app.inject({ method: 'POST', url: '/kept' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/kept' })).json()).toEqual(['after', 'before']);
    // Re-opened on the same directory, behind the same drizzle handle.
    expect(instances.size).toBe(2);
    expect(pgliteOf(db)).toBeInstanceOf(PGlite);

    await app.close();
    await handle.close();
  }, 60_000);
});
