import type {
  CategoryReadings,
  DataUsageDay,
  locationSchema,
  readingSchema,
} from '@netfleet/contracts';
import type { z } from 'zod';

// The shapes of the device information endpoints, from the contracts' schemas.
export type Reading = z.infer<typeof readingSchema>;
/** Every category's latest reading at a time: the `readings` of an information-history row. */
export type InformationHistory = CategoryReadings;
/** One day, modem and SIM of GET /devices/{id}/data-usage (RMS nests them; the tab lists rows). */
export interface DataUsageRow {
  date: string;
  modem: number;
  sim: number;
  sim_label: string;
  rx: number;
  tx: number;
}
export const dataUsageRows = (days: readonly DataUsageDay[]): DataUsageRow[] =>
  days.flatMap((day) =>
    day.modems.flatMap((modem) =>
      modem.sims.map((sim) => ({
        date: day.date,
        modem: Number(modem.modem_id),
        sim: sim.sim_id,
        sim_label: sim.sim_label,
        rx: sim.data.rx,
        tx: sim.data.tx,
      })),
    ),
  );
export type LocationRow = z.infer<typeof locationSchema>;
