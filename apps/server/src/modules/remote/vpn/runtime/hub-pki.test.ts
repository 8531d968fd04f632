import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHubPki } from './hub-pki';

const pki = createHubPki();

describe('hub PKI', () => {
  it('issues server and client certificates the hub CA verifies', async () => {
    const ca = await pki.createCa('netfleet hub 7');
    const server = await pki.issue(ca, 'hub-7', 'server', '02');
    const client = await pki.issue(ca, 'device-12', 'client', '0a');
    const caCert = new X509Certificate(ca.cert);
    for (const issued of [server, client]) {
      const cert = new X509Certificate(issued.cert);
      expect(cert.verify(caCert.publicKey)).toBe(true);
      expect(cert.checkIssued(caCert)).toBe(true);
      expect(
        cert.checkPrivateKey(
          await import('node:crypto').then((c) => c.createPrivateKey(issued.key)),
        ),
      ).toBe(true);
    }
    expect(new X509Certificate(client.cert).subject).toBe('CN=device-12');
    expect(client.serial).toBe('0a');
    expect(new X509Certificate(server.cert).keyUsage).toContain('1.3.6.1.5.5.7.3.1');
    expect(new X509Certificate(client.cert).keyUsage).toContain('1.3.6.1.5.5.7.3.2');
    expect(caCert.ca).toBe(true);
  });

  it('writes a CRL OpenSSL reads and that revokes exactly the listed serials', async () => {
    const ca = await pki.createCa('netfleet hub 8');
    const kept = await pki.issue(ca, 'device-1', 'client', '03');
    const revoked = await pki.issue(ca, 'user-2', 'client', '04');
    const crl = await pki.crl(ca, [{ serial: revoked.serial, revokedAt: new Date() }]);
    expect(crl).toMatch(/^-----BEGIN X509 CRL-----/);
    const dir = mkdtempSync(join(tmpdir(), 'nf-pki-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const verify = (cert: string) => {
      try {
        execFileSync(
          'openssl',
          [
            'verify',
            '-crl_check',
            '-CAfile',
            file('ca.pem', ca.cert),
            '-CRLfile',
            file('crl.pem', crl),
            file('c.pem', cert),
          ],
          { stdio: 'pipe' },
        );
        return 'ok';
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
        return `${String(stdout)}${String(stderr)}`;
      }
    };
    expect(verify(kept.cert)).toBe('ok');
    expect(verify(revoked.cert)).toContain('certificate revoked');
  });

  it('makes a 2048-bit OpenVPN static key', () => {
    const key = pki.tlsCryptKey();
    const lines = key.trim().split('\n');
    expect(lines[0]).toBe('-----BEGIN OpenVPN Static key V1-----');
    expect(lines.slice(1, -1).join('')).toMatch(/^[0-9a-f]{512}$/);
    expect(pki.tlsCryptKey()).not.toBe(key);
  });
});
