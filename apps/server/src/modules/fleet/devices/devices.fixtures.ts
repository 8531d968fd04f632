import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import type { TestSession } from '@test/session';

export interface Answer {
  status: number;
  // Test bodies are read loosely; each assertion names the shape it expects.
  body: {
    success: boolean;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes
    data: any;
    meta?: { total?: number; channel?: string };
    errors?: { code: string; message: string; source: string | null }[];
  };
  text: string;
  headers: Record<string, unknown>;
}

export const caller =
  (t: TestApp) =>
  async (
    session: TestSession,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<Answer> => {
    const response = await t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
    const text = response.body;
    const json = text.startsWith('{') ? JSON.parse(text) : { success: false, data: null };
    return { status: response.statusCode, body: json, text, headers: response.headers };
  };

let serialSequence = 100000;
export const nextSerial = () => `SN${serialSequence++}`;
let macSequence = 0x100000;
export const nextMac = () => {
  const hex = (macSequence++).toString(16).padStart(12, '0').toUpperCase();
  return hex.match(/../g)?.join(':') ?? hex;
};

/** A device straight in the database, enrolled with readings, for the read and filter tests. */
export const insertDevice = async (
  db: Database,
  company: CompanyRow,
  values: Partial<typeof devices.$inferInsert> = {},
) => {
  const [row] = await db
    .insert(devices)
    .values({
      companyId: company.id,
      name: `Device ${serialSequence}`,
      serial: nextSerial(),
      mac: nextMac(),
      deviceSeries: 'rut',
      status: 1,
      ...values,
    })
    .returning();
  if (!row) throw new Error('device insert failed');
  return row;
};

export const deviceRow = async (db: Database, id: number) =>
  (await db.select().from(devices).where(eq(devices.id, id)))[0];
