import { DEVICE_MESSAGES, ERROR_CODES, type ErrorItem } from '@netfleet/contracts';
import { invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { parseCsv } from './device-csv';
import type { DeviceTagsRepository } from './device-tags.repository';
import { type Candidate, checkNewDevice, type DevicesWriteService } from './devices-write.service';

export interface ImportFields {
  company_id?: string | undefined;
  device_series?: string | undefined;
  /** One id or a comma list. */
  tag_id?: string | undefined;
  /** RMS: csv or xls; netfleet reads csv. */
  type?: string | undefined;
}

export interface ImportRowResult {
  row: number;
  ok: boolean;
  serial: string;
  id?: number;
  claim_secret?: string;
  error?: ErrorItem;
}

const COLUMNS = ['serial', 'mac', 'imei', 'name', 'description'] as const;

interface Deps {
  writes: Pick<DevicesWriteService, 'create'>;
  deviceTagsRepository: Pick<DeviceTagsRepository, 'companiesOf' | 'assign'>;
}

/** POST /devices/import: a CSV with a header row; every row is added (or refused) on its own. */
export const createDeviceImportService = ({ writes, deviceTagsRepository }: Deps) => ({
  async import(auth: AuthContext, text: string, fields: ImportFields) {
    const [header, ...records] = parseCsv(text);
    const columns = header?.values.map((name) => name.toLowerCase()) ?? [];
    if (!columns.includes('serial') || !(columns.includes('mac') || columns.includes('imei'))) {
      throw invalid(DEVICE_MESSAGES.csvHeader, 'file');
    }
    if (!records.length) throw invalid(DEVICE_MESSAGES.noRows, 'file');
    const companyId = Number(fields.company_id);
    if (!Number.isInteger(companyId) || companyId < 1) {
      throw invalid('Company is required', 'company_id');
    }
    const tagIds = (fields.tag_id ?? '')
      .split(',')
      .map((v) => Number(v.trim()))
      .filter((id) => Number.isInteger(id) && id > 0);

    const serials = new Map<string, string>();
    const candidates: Candidate[] = records.map(({ line, values }) => {
      const raw: Record<string, unknown> = { company_id: companyId };
      if (fields.device_series) raw.device_series = fields.device_series;
      for (const column of COLUMNS) {
        const value = values[columns.indexOf(column)];
        if (columns.includes(column) && value) raw[column] = value;
      }
      const source = `row.${line}`;
      serials.set(source, String(raw.serial ?? ''));
      return checkNewDevice(raw, source);
    });
    const { data, errors, channel } = await writes.create(auth, candidates);

    // The optional tags go to the created devices of their own company only.
    if (tagIds.length) {
      const owners = await deviceTagsRepository.companiesOf(tagIds);
      const ours = (device: { company_id: number }) =>
        tagIds.every((tagId) => owners.get(tagId) === device.company_id);
      await deviceTagsRepository.assign(
        data.filter(ours).flatMap((d) => tagIds.map((tagId) => ({ deviceId: d.id, tagId }))),
      );
      for (const device of data.filter((d) => !ours(d))) {
        errors.push({
          code: ERROR_CODES.NOT_FOUND,
          message: DEVICE_MESSAGES.tagNotFound,
          source: `${device.source}.tag_id`,
        });
      }
    }

    const rowOf = (source: string) => Number(source.split('.')[1]);
    const results: ImportRowResult[] = [
      ...data.map((device) => ({
        row: rowOf(device.source),
        ok: true,
        serial: device.serial,
        id: device.id,
        claim_secret: device.claim_secret,
      })),
      ...errors
        .filter((error) => !error.source?.endsWith('.tag_id'))
        .map((error) => {
          const source = (error.source ?? '').split('.').slice(0, 2).join('.');
          return { row: rowOf(source), ok: false, serial: serials.get(source) ?? '', error };
        }),
    ].sort((a, b) => a.row - b.row);
    return { results, errors, channel };
  },
});

export type DeviceImportService = ReturnType<typeof createDeviceImportService>;
