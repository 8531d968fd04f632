import { DEVICE_MESSAGES, ERROR_CODES, type ErrorItem } from '@netfleet/contracts';
import { invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/auth/auth.types';
import { parseCsv } from './device-csv';
import type { DeviceTagsRepository } from './device-tags.repository';
import { type Candidate, checkNewDevice, type DevicesWriteService } from './devices-write.service';

export interface ImportFields {
  company_id?: string | undefined;
  device_series?: string | undefined;
  tag_id?: string | undefined;
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
    const tagId = fields.tag_id ? Number(fields.tag_id) : undefined;

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

    // The optional tag goes to the created devices of its own company only.
    if (tagId !== undefined && Number.isInteger(tagId)) {
      const owner = (await deviceTagsRepository.companiesOf([tagId])).get(tagId);
      const tagged = data.filter((device) => device.company_id === owner);
      await deviceTagsRepository.assign(tagged.map((d) => ({ deviceId: d.id, tagId })));
      for (const device of data.filter((d) => d.company_id !== owner)) {
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
