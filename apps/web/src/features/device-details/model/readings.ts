import type {
  dataUsageSchema,
  informationHistorySchema,
  locationSchema,
  readingSchema,
} from '@netfleet/contracts';
import type { z } from 'zod';

// The shapes of the device information endpoints, from the contracts' schemas.
export type Reading = z.infer<typeof readingSchema>;
export type InformationHistory = z.infer<typeof informationHistorySchema>;
export type DataUsageRow = z.infer<typeof dataUsageSchema>;
export type LocationRow = z.infer<typeof locationSchema>;
