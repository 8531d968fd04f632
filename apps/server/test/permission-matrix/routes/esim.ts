import { deviceCapabilities } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { deviceJobs, devices } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';
import { matrixDevice } from './devices';

/** A has_esim device's eSIM is asked or changed by device jobs: out of reach it is "not found" and queues nothing. */
const onEsimDevice = (path: string, payload?: object) => ({
  permission: { allOf: ['view_devices', 'create_multi_configuration'] } as const,
  scope: 'company' as const,
  ok: 200,
  build: async ({ world, zone }: CaseContext) => {
    const id = await matrixDevice(world.t.db, zone.company, zone.marker);
    await world.t.db
      .update(devices)
      .set({ capabilities: deviceCapabilities('RUTX50', 'RUTX_R_00.07.06.1') })
      .where(eq(devices.id, id));
    const jobs = () => world.t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, id));
    return {
      url: `/api/devices/${id}${path}`,
      ...(payload ? { payload } : {}),
      untouched: async () => (await jobs()).length === 0,
    };
  },
});

export const esimRoutes: AreaTable = {
  'POST /api/devices/:id/esim/profiles': onEsimDevice('/esim/profiles', {
    action: 'disable',
    iccid: '8937000000000000001',
  }),
  // Asks the device now: no device is online in the matrix world, so a visible one answers 409.
  'GET /api/devices/:id/check/esim-bootstrap': {
    ...onEsimDevice('/check/esim-bootstrap'),
    ok: 409,
  },
};
