import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { buildRoutes, preloadLandingPage } from './router';

const page = () => {
  const load = vi.fn(() => Promise.resolve({ Page: () => null }));
  return { load, Page: lazyPage(load, (module) => module.Page) };
};

describe('preloadLandingPage', () => {
  it("starts loading the chunk of the opened address's page, and no other", () => {
    const devices = page();
    const tags = page();
    const routes = buildRoutes(
      { 'devices.list': devices.Page, tags: tags.Page },
      { disabled_routes: [] },
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/management/devices'] });
    preloadLandingPage(router);
    expect(devices.load).toHaveBeenCalledOnce();
    expect(tags.load).not.toHaveBeenCalled();
  });
});
