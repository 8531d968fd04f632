import { promisify } from 'node:util';
import ssh2, { type Client, type SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimDevice } from '../sim-device.ts';
import { createSimServices } from './sim-services.ts';
import { connectSsh, exec } from './test-helpers.ts';

const { STATUS_CODE } = ssh2.utils.sftp;
const services = createSimServices({});
const device = new SimDevice(2, 11);
let client: Client;
let sftp: SFTPWrapper;

beforeAll(async () => {
  client = await connectSsh(services, device, { password: 'admin01' });
  sftp = await new Promise((resolve, reject) =>
    client.sftp((error, wrapper) => (error ? reject(error) : resolve(wrapper))),
  );
});
afterAll(async () => {
  client.end();
  await services.close();
});

const call = <T>(method: (...args: never[]) => void, ...args: unknown[]): Promise<T> =>
  promisify(method).call(sftp, ...args) as Promise<T>;

describe('simulated SFTP server', () => {
  it('starts in /root with a README', async () => {
    expect(await call(sftp.realpath, '.')).toBe('/root');
    const names = (await call<{ filename: string }[]>(sftp.readdir, '.')).map((e) => e.filename);
    expect(names).toContain('README.txt');
    const readme = await call<Buffer>(sftp.readFile, '/root/README.txt');
    expect(readme.toString()).toContain(device.serial);
  });

  it('writes, reads, lists, renames and deletes', async () => {
    await call(sftp.mkdir, '/tmp/upload');
    await call(sftp.writeFile, '/tmp/upload/a.txt', 'hello device\n');
    expect((await call<Buffer>(sftp.readFile, '/tmp/upload/a.txt')).toString()).toBe(
      'hello device\n',
    );
    await call(sftp.rename, '/tmp/upload/a.txt', '/tmp/upload/b.txt');
    const listing = await call<{ filename: string; attrs: { size: number } }[]>(
      sftp.readdir,
      '/tmp/upload',
    );
    expect(listing.map((e) => [e.filename, e.attrs.size])).toEqual([['b.txt', 13]]);

    // The shells see the same filesystem.
    expect((await exec(client, 'cat /tmp/upload/b.txt')).stdout).toBe('hello device\n');

    await expect(call(sftp.rmdir, '/tmp/upload')).rejects.toMatchObject({
      code: STATUS_CODE.FAILURE,
    });
    await call(sftp.unlink, '/tmp/upload/b.txt');
    await call(sftp.rmdir, '/tmp/upload');
    await expect(call(sftp.stat, '/tmp/upload')).rejects.toMatchObject({
      code: STATUS_CODE.NO_SUCH_FILE,
    });
  });

  it('answers a missing file and a full device with the right status', async () => {
    await expect(call(sftp.readFile, '/nope/x')).rejects.toMatchObject({
      code: STATUS_CODE.NO_SUCH_FILE,
    });
    const big = Buffer.alloc(33 * 1024 * 1024, 1);
    await expect(call(sftp.writeFile, '/tmp/big.bin', big)).rejects.toMatchObject({
      code: STATUS_CODE.FAILURE,
      message: expect.stringMatching(/No space left on device/),
    });
    // Removing the partial upload frees the space again.
    await call(sftp.unlink, '/tmp/big.bin');
    await call(sftp.writeFile, '/tmp/small.bin', Buffer.alloc(1024 * 1024));
  });
});
