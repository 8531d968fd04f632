import { Redis } from 'ioredis';
import { describeError, redactUrl } from '@/lib/connection-errors';

/** Redis cannot be reached; the message is the one line the operator sees. */
export class RedisConnectionError extends Error {}

/**
 * Connects before the server listens, so a wrong REDIS_URL stops the start instead of failing
 * every login later. The caller owns the client's 'error' events from then on.
 */
export const connectRedis = async (url: string): Promise<Redis> => {
  const client = new Redis(url, {
    lazyConnect: true,
    // During an outage a request fails after one reconnect attempt instead of hanging for 20.
    maxRetriesPerRequest: 1,
  });
  // connect() rejects with a bare "Connection is closed."; the reason comes as an 'error' event.
  let cause: unknown;
  const remember = (error: unknown) => {
    cause = error;
  };
  client.on('error', remember);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new RedisConnectionError(
      `Cannot connect to Redis at REDIS_URL=${redactUrl(url)}: ${describeError(cause ?? error)}`,
    );
  } finally {
    client.off('error', remember);
  }
  return client;
};

/** Waits for pending replies; a client that is already gone is simply dropped. */
export const closeRedis = async (client: Redis): Promise<void> => {
  await client.quit().catch(() => client.disconnect());
};
