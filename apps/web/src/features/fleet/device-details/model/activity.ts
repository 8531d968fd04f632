import type { deviceLogSchema } from '@netfleet/contracts';
import type { z } from 'zod';
import { connectionLogMessage } from '@/lib/messages';

export type ConnectionLogEntry = z.infer<typeof deviceLogSchema>;

/** Spec §8: the fixed message of a known code (0, 10, 12, 20, 104, 14, 15, 7), else the reason. */
export const connectionLogText = (entry: ConnectionLogEntry): string =>
  connectionLogMessage(entry.code, entry.reason);
