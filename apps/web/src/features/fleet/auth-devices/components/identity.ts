import type { AuthDevice } from '@netfleet/contracts';
import { AUTH_DEVICE_TEXTS as T } from '../texts';

/** The MAC or IMEI a refused device stated (whichever it sent). */
export const statedIdentity = (row: Pick<AuthDevice, 'mac' | 'imei'>): string =>
  row.mac ?? row.imei ?? T.none;

export const registeredIdentity = (row: Pick<AuthDevice, 'device_mac' | 'device_imei'>): string =>
  row.device_mac ?? row.device_imei ?? T.none;

export const previousIdentity = (row: Pick<AuthDevice, 'previous_mac' | 'previous_imei'>): string =>
  row.previous_mac ?? row.previous_imei ?? T.none;
