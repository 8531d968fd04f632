import { parseApiDate, type ConnectLog } from '@netfleet/contracts';
import { formatUptime } from '@/lib/format';

/** How long the session lasted, or has lasted so far while active ('1h 5m', '42s'). */
export function sessionDuration(
  log: Pick<ConnectLog, 'start_time' | 'end_time'>,
  now: number = Date.now(),
): string {
  const start = parseApiDate(log.start_time);
  const end = log.end_time === null ? now : parseApiDate(log.end_time);
  return formatUptime(Math.max(0, Math.round((end - start) / 1000)));
}
