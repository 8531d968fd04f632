import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { isMobilePlatform } from './mobile-platform';
import { useMobileNav } from './use-mobile-nav';

describe('mobile platform query parameter (spec §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('selects the mobile layout for the tab, and platform=web leaves it', () => {
    expect(isMobilePlatform('')).toBe(false);
    expect(isMobilePlatform('?platform=ios')).toBe(true);
    // In-app links drop the parameter; the tab keeps the layout.
    expect(isMobilePlatform('?q=router')).toBe(true);
    expect(isMobilePlatform('?platform=web')).toBe(false);
    expect(isMobilePlatform('')).toBe(false);
  });

  it('ignores values that are no mobile platform', () => {
    expect(isMobilePlatform('?platform=desktop')).toBe(false);
    expect(isMobilePlatform('?platform=android')).toBe(true);
  });

  it('makes the shell mobile on a wide screen', () => {
    const at = (url: string) => ({
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      ),
    });
    // The test setup's matchMedia matches nothing: a wide screen.
    expect(
      renderHook(() => useMobileNav(), at('/management/devices')).result.current,
    ).toMatchObject({ isMobile: false, forced: false });
    expect(
      renderHook(() => useMobileNav(), at('/management/devices?platform=mobile')).result.current,
    ).toMatchObject({ isMobile: true, forced: true });
  });
});
