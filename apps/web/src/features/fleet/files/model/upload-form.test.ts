import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '@netfleet/contracts';
import { uploadFormDefaults, uploadFormSchema } from './upload-form';

const file = (name: string, size = 10) => {
  const chosen = new File(['x'], name);
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
};

const parse = (overrides: object) =>
  uploadFormSchema.safeParse({ ...uploadFormDefaults('3'), ...overrides });
const messageOf = (result: ReturnType<typeof parse>) => result.error?.issues[0]?.message;

describe('upload form rules (spec §5 file input)', () => {
  it('asks for a file', () => {
    expect(messageOf(parse({}))).toBe('Choose a file to upload');
  });

  it('refuses files over 80 MB, naming the limit', () => {
    expect(messageOf(parse({ file: file('fw.bin', MAX_FILE_SIZE + 1) }))).toBe(
      'Maximum file size is 80 MB',
    );
    expect(parse({ file: file('fw.bin', MAX_FILE_SIZE) }).success).toBe(true);
  });

  it('refuses names with forbidden symbols', () => {
    expect(messageOf(parse({ file: file('fw<1>.bin') }))).toBe(
      'File name contains forbidden symbols',
    );
  });

  it('keeps a device model only for firmware and configuration files', () => {
    const firmware = parse({ file: file('fw.bin'), device_model: ' RUTX11 ' });
    expect(firmware.data?.device_model).toBe('RUTX11');
    const other = parse({ file: file('notes.txt'), type: 'custom_file', device_model: 'RUTX11' });
    expect(other.data?.device_model).toBeNull();
    expect(messageOf(parse({ file: file('fw.bin'), device_model: 'RUT 9' }))).toBe(
      'Device model may hold only letters, digits, dots, dashes and underscores',
    );
  });
});
