import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/map/settings', () => {
  it('answers no tile layer by default, without a session', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/map/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { tile_url: null, tile_attribution: null },
    });
  });

  it('answers MAP_TILE_URL and its attribution', async () => {
    t = await buildTestApp({
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example contributors',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/map/settings' });
    expect(response.json().data).toEqual({
      tile_url: 'https://tiles.example/{z}/{x}/{y}.png',
      tile_attribution: '© Example contributors',
    });
  });
});
