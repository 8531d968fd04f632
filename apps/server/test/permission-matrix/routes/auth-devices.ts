import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { authDevices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { hashClaimSecret } from '@/lib/device-secrets';
import type { AreaTable, CaseContext } from '../matrix';
import { matrixDevice } from './devices';

let sequence = 0;

/** A refused identity colliding with a fresh device (named by the marker) of the company. */
export const matrixRefusedIdentity = async (db: Database, company: CompanyRow, marker: string) => {
  const deviceId = await matrixDevice(db, company, marker);
  sequence += 1;
  const mac =
    `02:AA:00:00:${(sequence >> 8).toString(16).padStart(2, '0')}:${(sequence & 255).toString(16).padStart(2, '0')}`.toUpperCase();
  const at = new Date();
  const [row] = await db
    .insert(authDevices)
    .values({
      deviceId,
      serial: `AUTH${sequence}`,
      mac,
      identity: mac,
      claimSecretHash: hashClaimSecret(`MATRIXCLAIM${String(sequence).padStart(5, '0')}`),
      firstSeenAt: at,
      lastSeenAt: at,
    })
    .returning({ id: authDevices.id });
  if (!row) throw new Error('auth device insert failed');
  const untouched = async () => {
    const [now] = await db.select().from(authDevices).where(eq(authDevices.id, row.id));
    return now !== undefined && now.approvedAt === null;
  };
  return { id: row.id, untouched };
};

const refusedIdentity = ({ world, zone }: CaseContext) =>
  matrixRefusedIdentity(world.t.db, zone.company, zone.marker);

/** Approved devices (spec §6): the super admin's alone; rows belong to their device's company. */
export const authDeviceRoutes: AreaTable = {
  'GET /api/devices/authorized': {
    permission: 'super_admin',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/devices/authorized' }),
  },
  'POST /api/devices/authorized/:id/approve': {
    permission: 'super_admin',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id, untouched } = await refusedIdentity(context);
      return { url: `/api/devices/authorized/${id}/approve`, untouched };
    },
  },
  'DELETE /api/devices/authorized/:id': {
    permission: 'super_admin',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id, untouched } = await refusedIdentity(context);
      return { url: `/api/devices/authorized/${id}`, untouched };
    },
  },
};
