import type { importRowResultSchema } from '@netfleet/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { DEVICES_PATH } from './keys';

export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export interface ImportFields {
  company_id: number;
  device_series: string;
  tag_id?: number | undefined;
}

/** POST /devices/import (multipart: the file plus the fields); one result per CSV row. */
export async function importDevices(file: File, fields: ImportFields): Promise<ImportRowResult[]> {
  const form = new FormData();
  form.append('company_id', String(fields.company_id));
  form.append('device_series', fields.device_series);
  if (fields.tag_id !== undefined) form.append('tag_id', String(fields.tag_id));
  // The file goes last: the server reads the fields it has seen when the file arrives.
  form.append('file', file);
  const { data } = await api.post<ImportRowResult[]>(`${DEVICES_PATH}/import`, { body: form });
  return data;
}
