import { MOBILE_PLATFORM_PARAM, MOBILE_PLATFORMS, SESSION_STORAGE_KEYS } from '@netfleet/contracts';

const KEY = SESSION_STORAGE_KEYS.platform;

/**
 * Whether this tab was opened for a mobile platform: the query parameter decides when present
 * (and is remembered for the tab, as in-app links drop it); otherwise what was remembered.
 */
export function isMobilePlatform(
  search: string,
  storage: Storage = window.sessionStorage,
): boolean {
  const value = new URLSearchParams(search).get(MOBILE_PLATFORM_PARAM);
  try {
    if (value !== null) {
      if (MOBILE_PLATFORMS.includes(value)) storage.setItem(KEY, value);
      else storage.removeItem(KEY);
    }
    return storage.getItem(KEY) !== null;
  } catch {
    // Storage refused (a private window's quota): the parameter alone decides.
    return value !== null && MOBILE_PLATFORMS.includes(value);
  }
}
