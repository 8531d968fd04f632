import type { StorageRecord } from '@netfleet/contracts';
import { conflict, notFound } from '@/lib/api-error';
import type { StorageRepository } from './storage.repository';

/** Per-user key/value storage (spec §7), always of the acting user. */
export const createStorageService = ({
  storageRepository,
}: {
  storageRepository: StorageRepository;
}) => ({
  list(userId: number, page: { limit: number; offset: number }) {
    return storageRepository.list(userId, page);
  },

  async create(userId: number, record: StorageRecord): Promise<StorageRecord> {
    const row = await storageRepository.insert(userId, record.key, record.value);
    if (!row) throw conflict(`Key ${record.key} already exists`, 'key');
    return row;
  },

  async update(userId: number, key: string, value: string): Promise<StorageRecord> {
    const row = await storageRepository.update(userId, key, value);
    if (!row) throw notFound(`Key ${key} not found`);
    return row;
  },

  async remove(userId: number, key: string) {
    if (!(await storageRepository.remove(userId, key))) throw notFound(`Key ${key} not found`);
  },
});

export type StorageService = ReturnType<typeof createStorageService>;
