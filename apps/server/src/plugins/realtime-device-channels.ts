import { DEVICE_CHANNEL_PATTERN, hasPermission } from '@netfleet/contracts';
import type { Identity } from '@/modules/identity/auth/auth.types';

export const isDeviceChannel = (channel: string) => DEVICE_CHANNEL_PATTERN.test(channel);

/**
 * A live device channel is joined only for one's own company, with view_devices; `tree` (the
 * devices of every subsidiary too) also needs access_child_companies, as the device list does.
 */
export const mayJoinDeviceChannel = (
  identity: Pick<Identity, 'company' | 'permissions'>,
  channel: string,
): boolean => {
  const match = DEVICE_CHANNEL_PATTERN.exec(channel);
  if (!match || Number(match[2]) !== identity.company.id) return false;
  if (!hasPermission(identity.permissions, 'view_devices')) return false;
  return match[1] === 'own' || hasPermission(identity.permissions, 'access_child_companies');
};
