import { useMutation, useQuery } from '@tanstack/react-query';
import {
  esimBootstrapStatusSchema,
  type EsimBootstrapStatus,
  type StatusUpdate,
} from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { useChannel } from '@/lib/realtime';
import { getStatusChannel, isChannelNotFound } from '@/components/action-status/use-status-channel';
import { deviceApiPath } from './keys';

/** Without a live socket (or between its events) the channel is read this often. */
const POLL_MS = 2_000;

/** GET .../check/esim-bootstrap answers a status channel at once (RMS Status API). */
export async function checkEsimBootstrap(deviceId: number) {
  const response = await api.get<unknown>(`${deviceApiPath(deviceId)}/check/esim-bootstrap`);
  return String(response.meta?.channel ?? '');
}

export function useCheckEsimBootstrap(deviceId: number) {
  return useMutation({ mutationFn: () => checkEsimBootstrap(deviceId) });
}

/** Where a bootstrap check stands: waiting for the device, its answer, or why there is none. */
export type BootstrapOutcome =
  | { state: 'waiting' }
  | { state: 'done'; status: EsimBootstrapStatus }
  | { state: 'failed'; message: string };

/** The device's last update: a completed one carries the status as JSON text. */
export function bootstrapOutcome(update: StatusUpdate | undefined): BootstrapOutcome {
  if (update?.status === 'error') return { state: 'failed', message: update.value };
  if (update?.status !== 'completed') return { state: 'waiting' };
  let json: unknown;
  try {
    json = JSON.parse(update.value);
  } catch {
    json = undefined;
  }
  const parsed = esimBootstrapStatusSchema.safeParse(json);
  return parsed.success
    ? { state: 'done', status: parsed.data }
    : { state: 'failed', message: update.value };
}

/**
 * The check's outcome on `channel` (the device id is its item): read again on every live
 * 'StatusUpdated' and polled until the device answered, so the end is seen without a socket too.
 */
export function useEsimBootstrapOutcome(channel: string | null, deviceId: number) {
  const item = String(deviceId);
  const query = useQuery({
    queryKey: ['esim-bootstrap', channel],
    queryFn: ({ signal }) => getStatusChannel(channel ?? '', signal),
    enabled: channel !== null,
    refetchInterval: (current) =>
      bootstrapOutcome(current.state.data?.[item]?.at(-1)).state === 'waiting' ? POLL_MS : false,
    // The channel exists before the answer naming it, but a replica may lag for a moment.
    retry: (count, error) => isChannelNotFound(error) && count < 3,
    retryDelay: 500,
  });
  const { refetch } = query;
  useChannel(channel, { StatusUpdated: () => void refetch() });
  return { outcome: bootstrapOutcome(query.data?.[item]?.at(-1)), error: query.error };
}
