import type { GeneratePasswordsBody, SetPasswordsBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { PASSWORDS_PATH } from './keys';

// Both answer the devices given a job, the batch (`meta.task_id`) and its status channel; a 207
// adds the devices that were not (`errors`, source = device id).

export const generatePasswords = (body: GeneratePasswordsBody) =>
  api.post<number[]>(`${PASSWORDS_PATH}/generate`, { body });

export const setPasswords = (body: SetPasswordsBody) =>
  api.post<number[]>(`${PASSWORDS_PATH}/set`, { body });
