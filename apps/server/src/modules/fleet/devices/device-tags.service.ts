import { DEVICE_MESSAGES, ERROR_CODES, type ErrorItem } from '@netfleet/contracts';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { DeviceTagsRepository } from './device-tags.repository';
import type { DevicesRepository } from './devices.repository';

/** One item: a device and the tags to add or remove (RMS sends a list). */
export interface DeviceTagPair {
  device_id: number;
  tag_id: number[];
}

interface Deps {
  devicesRepository: Pick<DevicesRepository, 'findVisible'>;
  deviceTagsRepository: DeviceTagsRepository;
}

const failure = (code: string, message: string, index: number): ErrorItem => ({
  code,
  message,
  source: `data.${index}`,
});

/**
 * PUT /devices/tags/assign|unassign|overwrite. Each item names a device the caller sees and tags
 * of that device's company; anything else fails that item alone, as "not found".
 */
export const createDeviceTagsService = ({ devicesRepository, deviceTagsRepository }: Deps) => {
  const resolve = async (auth: AuthContext, items: { device_id: number; tag_id: number[] }[]) => {
    const devices = new Map(
      (
        await devicesRepository.findVisible(
          auth,
          items.map((i) => i.device_id),
        )
      ).map((d) => [d.id, d.companyId]),
    );
    const owners = await deviceTagsRepository.companiesOf([
      ...new Set(items.flatMap((i) => i.tag_id)),
    ]);
    const errors: ErrorItem[] = [];
    const valid: { index: number; deviceId: number; tagIds: number[] }[] = [];
    items.forEach((entry, index) => {
      const companyId = devices.get(entry.device_id);
      if (companyId === undefined) {
        errors.push(failure(ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.notFound, index));
      } else if (entry.tag_id.some((id) => owners.get(id) !== companyId)) {
        errors.push(failure(ERROR_CODES.NOT_FOUND, DEVICE_MESSAGES.tagNotFound, index));
      } else {
        valid.push({ index, deviceId: entry.device_id, tagIds: [...new Set(entry.tag_id)] });
      }
    });
    return { valid, errors };
  };

  const pairsOf = (valid: { deviceId: number; tagIds: number[] }[]) =>
    valid.flatMap((v) => v.tagIds.map((tagId) => ({ deviceId: v.deviceId, tagId })));

  const answer = (valid: { deviceId: number; tagIds: number[] }[], errors: ErrorItem[]) => ({
    data: valid.map((v) => ({ device_id: v.deviceId, tag_id: v.tagIds })),
    errors,
  });

  return {
    async assign(auth: AuthContext, items: DeviceTagPair[]) {
      const { valid, errors } = await resolve(auth, items);
      await deviceTagsRepository.assign(pairsOf(valid));
      return answer(valid, errors);
    },

    async unassign(auth: AuthContext, items: DeviceTagPair[]) {
      const { valid, errors } = await resolve(auth, items);
      await deviceTagsRepository.unassign(pairsOf(valid));
      return answer(valid, errors);
    },

    async overwrite(auth: AuthContext, items: { device_id: number; tag_id: number[] }[]) {
      const { valid, errors } = await resolve(auth, items);
      for (const { deviceId, tagIds } of valid)
        await deviceTagsRepository.overwrite(deviceId, tagIds);
      return answer(valid, errors);
    },
  };
};

export type DeviceTagsService = ReturnType<typeof createDeviceTagsService>;
