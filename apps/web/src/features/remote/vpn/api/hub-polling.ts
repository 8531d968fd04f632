import type { VpnHub } from '@netfleet/contracts';

/** How often a hub that is starting is asked about again. */
export const STARTING_POLL_MS = 3000;

/** The hub host is applying a change: its state is about to change on its own. */
export const isSettling = (hub: Pick<VpnHub, 'status'>): boolean => hub.status.state === 'starting';
