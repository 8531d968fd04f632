// Dark mode lives in a cookie (spec §9) with the spec's values auto/enabled/disabled; 'auto'
// follows the OS and removes the cookie (spec §4).
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { COOKIES, DARK_MODES, type DarkMode } from '@netfleet/contracts';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';

const SCHEMES = {
  auto: 'auto',
  enabled: 'dark',
  disabled: 'light',
} as const satisfies Record<DarkMode, MantineColorScheme>;

export function darkModeToScheme(mode: DarkMode): MantineColorScheme {
  return SCHEMES[mode];
}

export function schemeToDarkMode(scheme: MantineColorScheme): DarkMode {
  if (scheme === 'dark') return 'enabled';
  if (scheme === 'light') return 'disabled';
  return 'auto';
}

function isDarkMode(value: string | null): value is DarkMode {
  return value !== null && (DARK_MODES as readonly string[]).includes(value);
}

export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      const stored = readCookie(COOKIES.darkMode);
      return isDarkMode(stored) ? darkModeToScheme(stored) : defaultValue;
    },
    set: (value) => {
      if (value === 'auto') deleteCookie(COOKIES.darkMode);
      else writeCookie(COOKIES.darkMode, schemeToDarkMode(value));
    },
    // The cookie has no change events; other tabs pick the value up on their next load.
    subscribe: () => undefined,
    unsubscribe: () => undefined,
    clear: () => deleteCookie(COOKIES.darkMode),
  };
}
