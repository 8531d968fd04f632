import { firmwareFits, type FileInfo } from '@netfleet/contracts';
import type { DevicePick } from '../api/get-devices';
import { UPDATE_TEXTS as T } from '../texts';
import type { UpdateKind } from './update-kinds';

export interface Misfit {
  device: DevicePick;
  reason: string;
}

// Firmware is for a model or a family of them (RUTX: every model starting so), as task steps
// check it; a backup holds the configuration of the one model it was made on.
const FITS: Record<UpdateKind, (fileModel: string, model: string) => boolean> = {
  firmware: firmwareFits,
  backup: (fileModel, model) => fileModel.toUpperCase() === model.toUpperCase(),
};

const REASONS: Record<UpdateKind, (fileModel: string, model: string | null) => string> = {
  firmware: T.firmwareMisfit,
  backup: T.backupMisfit,
};

/**
 * The picked devices the file may not be for, with why. Only a warning: the server sends the
 * file to any device (a model name may be missing or spelled otherwise).
 */
export function misfitsOf(
  kind: UpdateKind,
  file: Pick<FileInfo, 'device_model'>,
  devices: readonly DevicePick[],
): Misfit[] {
  const fileModel = file.device_model;
  if (!fileModel) return [];
  return devices.flatMap((device) =>
    FITS[kind](fileModel, device.model ?? '')
      ? []
      : [{ device, reason: REASONS[kind](fileModel, device.model) }],
  );
}
