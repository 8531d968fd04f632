import { describe, expect, it } from 'vitest';
import { requestHeadersForDevice, responseHeadersForBrowser } from './proxy-headers';

const proxy = 'http://0123456789abcdef0123456789abcdef.localhost:8080';

describe('web UI proxy headers', () => {
  it('gives the device its own Host, Origin and Referer, and none of our cookies', () => {
    const out = requestHeadersForDevice(
      {
        host: '0123456789abcdef0123456789abcdef.localhost:8080',
        origin: proxy,
        referer: `${proxy}/cgi-bin/luci`,
        cookie: '__nf_webui=1.2.sig; sysauth=abc; nf_access=jwt; nf_refresh=r; RMS-XSRF-TOKEN=x',
        connection: 'keep-alive',
        'x-forwarded-for': '10.0.0.1',
      },
      '192.168.1.1',
      proxy,
      'http://192.168.1.1',
    );
    expect(out).toMatchObject({
      host: '192.168.1.1',
      origin: 'http://192.168.1.1',
      referer: 'http://192.168.1.1/cgi-bin/luci',
      cookie: 'sysauth=abc',
      connection: 'close',
    });
    expect(out['x-forwarded-for']).toBeUndefined();
  });

  it("keeps the device's redirects and cookies on the session origin", () => {
    const out = responseHeadersForBrowser(
      {
        location: 'http://192.168.1.1/cgi-bin/luci/admin',
        'set-cookie': ['sysauth=abc; Domain=192.168.1.1; Path=/', '__nf_webui=forged; Path=/'],
        'transfer-encoding': 'chunked',
      },
      ['http://192.168.1.1'],
    );
    expect(out.location).toBe('/cgi-bin/luci/admin');
    expect(out['set-cookie']).toEqual(['sysauth=abc; Path=/']);
    expect(out['transfer-encoding']).toBeUndefined();
  });
});
