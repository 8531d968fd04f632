// Shapes of the device endpoints this page reads, inferred from their contracts schemas.
import type { z } from 'zod';
import type {
  deviceLogSchema,
  deviceStatisticsSchema,
  onlineSampleSchema,
} from '@netfleet/contracts';

export type DeviceStatistics = z.infer<typeof deviceStatisticsSchema>;
export type OnlineSample = z.infer<typeof onlineSampleSchema>;
export type DeviceLog = z.infer<typeof deviceLogSchema>;
