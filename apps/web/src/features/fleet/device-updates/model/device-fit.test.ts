import { describe, expect, it } from 'vitest';
import { devicePick } from '../test-utils';
import { misfitsOf } from './device-fit';

const rutx11 = devicePick();
const rutx50 = devicePick({ id: 43, name: 'Gateway', model: 'rutx50' });
const unknown = devicePick({ id: 44, name: 'Spare', model: null });

describe('misfitsOf', () => {
  it('takes firmware for a model family on every model of it', () => {
    expect(misfitsOf('firmware', { device_model: 'RUTX' }, [rutx11, rutx50, unknown])).toEqual([
      { device: unknown, reason: 'the firmware is for RUTX, the device’s model is unknown' },
    ]);
    expect(misfitsOf('firmware', { device_model: 'RUTX11' }, [rutx50])).toEqual([
      { device: rutx50, reason: 'the firmware is for RUTX11, the device is a rutx50' },
    ]);
  });

  it('takes a backup only on the model it was made on', () => {
    expect(misfitsOf('backup', { device_model: 'RUTX11' }, [rutx11, rutx50])).toEqual([
      { device: rutx50, reason: 'the backup is of a RUTX11, the device is a rutx50' },
    ]);
  });

  it('warns about nothing when the file names no model', () => {
    expect(misfitsOf('firmware', { device_model: null }, [rutx11, unknown])).toEqual([]);
    expect(misfitsOf('backup', { device_model: null }, [rutx11, unknown])).toEqual([]);
  });
});
