import { serverShutdownNotice } from '@netfleet/contracts';
import type { Broker } from './broker';

/**
 * How long a stopping server waits for its shutdown notice to be written to the devices' sockets
 * before it closes them; a device that does not take it in time falls back on its own back-off.
 */
export const SHUTDOWN_NOTICE_WAIT_MS = 500;

/**
 * Closes the broker as a stopping server does. The embedded broker first tells its devices to
 * come back after the restart (`server_shutdown`, spread over a window) rather than at once; an
 * external broker tells nobody, as its devices stay connected to it.
 */
export const closeBrokerAtShutdown = async (broker: Broker): Promise<void> => {
  if (broker.kind === 'embedded') {
    await broker.announceShutdown?.(serverShutdownNotice(), SHUTDOWN_NOTICE_WAIT_MS);
  }
  await broker.close();
};
