import { VPN_CLIENT_MESSAGES } from '@netfleet/contracts';
import { invalid } from '@/lib/api-error';
import { clientCapacity, parseSubnet } from './subnets';

/** A hub's subnet must have an address for every client it would have (422 on `source`). */
export const checkRoom = (
  hub: { network: string; netmask: string },
  clients: number,
  source: string,
) => {
  const parsed = parseSubnet(hub.network, hub.netmask);
  if (!parsed.ok || clientCapacity(parsed.cidr) < clients) {
    throw invalid(VPN_CLIENT_MESSAGES.noFreeAddress, source);
  }
};
