import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inForeground } from '@/lib/foreground';
import { trackForegroundRequests } from './foreground-requests';

describe('API requests as foreground work', () => {
  it('marks every /api/ request, through its handler, and nothing else', async () => {
    const app = Fastify();
    trackForegroundRequests(app);
    const answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { foreground: inForeground() };
    };
    app.get('/api/devices', answer);
    app.get('/assets/app.js', answer);
    expect((await app.inject('/api/devices')).json()).toEqual({ foreground: true });
    expect((await app.inject('/assets/app.js')).json()).toEqual({ foreground: false });
    await app.close();
  });
});
