import { ROUTES } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';

// Issue 21 "done when": every route of the catalogue (spec §2) renders a page of its own; none is
// left to fall back to the landing page.
describe('PAGES', () => {
  it('has a page for every catalogue route, and no page for a route the catalogue lacks', () => {
    const names = ROUTES.map((route) => route.name);
    expect(names.filter((name) => !(name in PAGES))).toEqual([]);
    expect(Object.keys(PAGES).filter((name) => !names.includes(name))).toEqual([]);
  });
});
