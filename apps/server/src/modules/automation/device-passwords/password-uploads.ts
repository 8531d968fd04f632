import {
  DEVICE_JOBS_BULK_MAX,
  DEVICE_PASSWORD_MESSAGES,
  devicePasswordSchema,
  uploadPasswordsFieldsSchema,
} from '@netfleet/contracts';
import { invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { parseCsv } from '@/modules/fleet/devices/device-csv';
import type { DevicePasswordsRepository } from './device-passwords.repository';
import type { PasswordOrder } from './device-passwords.service';

/** Upload errors name the line, the way the console shows path-style errors (spec §8). */
const lineError = (message: string, line: number) => invalid(`${message} (line ${line})`, 'file');

/**
 * POST /devices/passwords/upload: a CSV with a header naming `password` and `serial` (or `id`),
 * one device per line. Every line is checked before anything is sent.
 */
export const createPasswordUploads = (
  repository: Pick<DevicePasswordsRepository, 'idsOfSerials'>,
) => ({
  async ordersOf(
    auth: AuthContext,
    text: string | null,
    fields: Record<string, string>,
  ): Promise<PasswordOrder[]> {
    if (text === null) throw invalid('Choose a CSV file', 'file');
    const parsed = uploadPasswordsFieldsSchema.safeParse(fields);
    if (!parsed.success) throw invalid('show_password must be true or false', 'show_password');
    const [header, ...rows] = parseCsv(text);
    const columns = (header?.values ?? []).map((value) => value.toLowerCase());
    const password = columns.indexOf('password');
    const serial = columns.indexOf('serial');
    const id = columns.indexOf('id');
    if (password < 0 || (serial < 0 && id < 0))
      throw invalid(DEVICE_PASSWORD_MESSAGES.csvHeader, 'file');
    if (rows.length === 0) throw invalid(DEVICE_PASSWORD_MESSAGES.csvEmpty, 'file');
    if (rows.length > DEVICE_JOBS_BULK_MAX)
      throw invalid(`At most ${DEVICE_JOBS_BULK_MAX} devices at once`, 'file');
    const serials = serial >= 0 ? rows.map((row) => row.values[serial] ?? '') : [];
    const idOf = await repository.idsOfSerials(auth, serials);
    return rows.map((row) => {
      const checked = devicePasswordSchema.safeParse(row.values[password] ?? '');
      if (!checked.success)
        throw lineError(checked.error.issues[0]?.message ?? 'Invalid password', row.line);
      const deviceId =
        serial >= 0 ? idOf.get(row.values[serial] ?? '') : Number(row.values[id] ?? '');
      if (!deviceId || !Number.isInteger(deviceId))
        throw lineError(DEVICE_PASSWORD_MESSAGES.unknownSerial, row.line);
      return { deviceId, password: checked.data, show: parsed.data.show_password };
    });
  },
});

export type PasswordUploads = ReturnType<typeof createPasswordUploads>;
