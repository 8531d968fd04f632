import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from './log-serializers';

const TOKEN = 'q3Jx0vYk2c9Qm4Zs8LwA1bHn';

describe('request log serializer', () => {
  it('redacts the token of a profile link and leaves other URLs alone', () => {
    expect(redactUrl(`/api/vpn/profiles/12/${TOKEN}`)).toBe('/api/vpn/profiles/12/[redacted]');
    expect(redactUrl(`/api/vpn/profiles/12/${TOKEN}?download=1`)).toBe(
      '/api/vpn/profiles/12/[redacted]?download=1',
    );
    expect(redactUrl('/api/vpn/hubs/12/downloads')).toBe('/api/vpn/hubs/12/downloads');
    expect(redactUrl('/api/vpn/profiles/12')).toBe('/api/vpn/profiles/12');
  });

  it('keeps the token out of what the server logs for the request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', serializers: logSerializers, stream } });
    app.get('/api/vpn/profiles/:id/:token', async () => 'profile');
    const response = await app.inject({ method: 'GET', url: `/api/vpn/profiles/12/${TOKEN}` });
    expect(response.statusCode).toBe(200);
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('"url":"/api/vpn/profiles/12/[redacted]"');
    expect(logged).toContain('"method":"GET"');
    expect(logged).not.toContain(TOKEN);
  });
});
