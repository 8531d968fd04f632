import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  STATUS_CHANNEL_TTL_SECONDS,
  type StatusChannelData,
  type StatusUpdate,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { WebhookEvents } from '@/modules/system/webhooks/webhook-events';
import type { RealtimePublisher } from '@/plugins/realtime-publisher';
import type { StatusItem, StatusRepository, StoredStatusUpdate } from './status.repository';

/** Expired channels are deleted when a channel is opened, at most this often per instance. */
const PRUNE_INTERVAL_MS = 60_000;

const channelNotFound = () =>
  new ApiError(404, ERROR_CODES.CHANNEL_NOT_FOUND, 'Channel not found or expired');

/** Back to the API shape: absent optional fields are left out, not null. */
const toUpdate = (row: StoredStatusUpdate): StatusUpdate => ({
  status: row.status,
  value: row.value,
  ...(row.errorcode !== null ? { errorcode: row.errorcode } : {}),
  ...(row.progress !== null ? { progress: row.progress } : {}),
  ...(row.link !== null ? { link: row.link } : {}),
});

interface Deps {
  statusRepository: StatusRepository;
  publisher: Pick<RealtimePublisher, 'toChannel'>;
  webhooks: WebhookEvents;
  now: () => Date;
}

/**
 * Per-operation status channels (RMS API v3): an asynchronous operation opens one before it
 * answers, publishes per-item updates to it, and clients read them live (socket.io), by polling
 * (GET /api/status/channel/:channel) or through their webhooks.
 */
export const createStatusService = ({ statusRepository, publisher, webhooks, now }: Deps) => {
  let prunedAt = Number.NEGATIVE_INFINITY;
  const expiry = (at: Date) => new Date(at.getTime() + STATUS_CHANNEL_TTL_SECONDS * 1000);

  /**
   * Stores the updates in order (keeping the channel readable for another TTL), sends each to the
   * channel's subscribers and hands them all to the owner's webhooks. Throws if the channel has
   * expired. A fixed three queries however many items: bulk jobs report thousands at once.
   */
  const publishMany = async (channel: string, items: readonly StatusItem[]): Promise<void> => {
    if (items.length === 0) return;
    const at = now();
    const owner = await statusRepository.extend(channel, at, expiry(at));
    if (owner === null) throw new Error(`Status channel ${channel} is unknown or expired`);
    await statusRepository.insertUpdates(channel, items);
    const payloads = items.map(({ item, update }) => ({ channel, item, update }));
    for (const payload of payloads) publisher.toChannel(channel, 'StatusUpdated', payload);
    await webhooks.enqueueMany(owner, 'status.update', payloads);
  };

  return {
    /** A new channel of `ownerUserId`, stored before this resolves; answer with it as meta.channel. */
    async open(ownerUserId: number): Promise<string> {
      const at = now();
      if (at.getTime() - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = at.getTime();
        await statusRepository.deleteExpired(at);
      }
      const channel = `private-status.${ownerUserId}.${randomBytes(16).toString('hex')}`;
      await statusRepository.insertChannel(channel, ownerUserId, expiry(at));
      return channel;
    },

    publishMany,

    /** publishMany of one update. */
    publish(channel: string, item: string, update: StatusUpdate): Promise<void> {
      return publishMany(channel, [{ item, update }]);
    },

    /** Whether the user may subscribe to the channel: it is live and theirs. */
    async isOwnChannel(userId: number, channel: string): Promise<boolean> {
      return (await statusRepository.findOwner(channel, now())) === userId;
    },

    /** Every update so far, keyed by item. Someone else's channel is "not found" like a missing one. */
    async read(userId: number, channel: string): Promise<StatusChannelData> {
      if ((await statusRepository.findOwner(channel, now())) !== userId) throw channelNotFound();
      const data: StatusChannelData = {};
      for (const row of await statusRepository.listUpdates(channel)) {
        (data[row.item] ??= []).push(toUpdate(row));
      }
      return data;
    },
  };
};

export type StatusService = ReturnType<typeof createStatusService>;
