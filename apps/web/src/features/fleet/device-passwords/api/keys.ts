export const PASSWORDS_PATH = '/devices/passwords';
export const BATCHES_PATH = `${PASSWORDS_PATH}/generated/tasks`;

/** A batch's one download of its passwords (RMS calls a batch a task). */
export const downloadPath = (batchId: string) =>
  `/tasks/${encodeURIComponent(batchId)}/download/passwords`;

export const devicePasswordsKeys = {
  all: ['device-passwords'] as const,
  batches: (limit: number) => [...devicePasswordsKeys.all, 'batches', limit] as const,
};
