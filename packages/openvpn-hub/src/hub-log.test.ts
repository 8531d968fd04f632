import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHubLog } from './hub-log';

const now = () => new Date('2026-11-30T10:00:00Z');

describe('hub log', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-hub-log-'));
    return { file: join(dir, 'openvpn.log'), log: createHubLog(join(dir, 'openvpn.log'), now) };
  };

  const closed = async (log: ReturnType<typeof createHubLog>) => {
    log.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('stamps whole lines into the file, leaving out the echo of its own polling', async () => {
    const { file, log } = open();
    log.write("MANAGEMENT: CMD 'status 3'\nInitialization Seq");
    log.write('uence Completed\n');
    await closed(log);
    expect(readFileSync(file, 'utf8')).toBe(
      '2026-11-30T10:00:00.000Z Initialization Sequence Completed\n',
    );
  });

  it('explains an exit with the line that names the problem', async () => {
    const { log } = open();
    log.write(
      [
        'UDPv4 link local (bound): [AF_INET][undef]:1194',
        '172.30.3.2:33118 TLS Error: TLS handshake failed',
        'TCP/UDP: Socket bind failed on local address [AF_INET][undef]:1194: Address already in use (errno=98)',
        'Exiting due to fatal error',
        'Closing TUN/TAP interface',
        '',
      ].join('\n'),
    );
    expect(log.lastMeaningful()).toMatch(/^TCP\/UDP: Socket bind failed.*Address already in use/);
    await closed(log);
  });

  it('falls back to the last line, and to nothing', async () => {
    const { log } = open();
    expect(log.lastMeaningful()).toBeNull();
    log.write("Options error: --ca fails with 'x': No such file or directory (errno=2)\n");
    log.write('Options error: Please correct these errors.\n');
    expect(log.lastMeaningful()).toMatch(/^Options error: --ca fails/);
    await closed(log);
  });
});
