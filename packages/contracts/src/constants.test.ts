import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  CHART_PALETTE,
  CLUSTER_OPTIONS,
  COMPANY_DATA_GB_PER_CREDIT,
  COOKIES,
  DATE_FORMAT,
  DEFAULT_LANGUAGE,
  GENERATED_PASSWORD_LENGTH,
  LANGUAGES,
  MAX_ACTIVE_MONITORING_PARAMETERS,
  MAX_MINIMIZED_DIALOGS,
  MAX_USER_REQUEST_FAILURES,
  MOBILE_BREAKPOINT_PX,
  MONITORING,
  MONITORING_PERIOD_MAX,
  MONITORING_PERIOD_MIN,
  PICKER_PAGE_SIZE,
  PORTS,
  RANDOM_STRING_ALPHABET,
  REFRESH_OPTIONS,
  RELOAD_DELAY_LANGUAGE_MS,
  RELOAD_DELAY_TIMEZONE_MS,
  RICH_TEXT_ALLOWED_TAGS,
  SANITIZER_ALLOWED_ATTRIBUTES,
  SANITIZER_ALLOWED_SCHEMES,
  SEARCH_BADGE_MAX,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
  SIM_LABELS,
  SOCKET_RECONNECT,
  STORAGE_KEYS,
  STORAGE_PAGE_SIZE,
  TOAST_SETTINGS,
  TOAST_TYPES,
  USER_REQUEST_TIMEOUT_MS,
  socketReconnectDelay,
} from './constants.ts';

describe('app and storage keys', () => {
  it('has the spec version and stored keys', () => {
    expect(APP_VERSION).toBe('5.14.0');
    expect(STORAGE_KEYS).toMatchObject({
      wideNav: 'wideNav',
      currentVersionTimestamp: 'current_version_timestamp',
      spaVersion: 'spa_version',
      tosAccepted: 'tos_accepted_20230118',
    });
    expect(COOKIES.xsrf).toBe('RMS-XSRF-TOKEN');
  });

  it('uses distinct key names', () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    const cookies = Object.values(COOKIES);
    expect(new Set(cookies).size).toBe(cookies.length);
  });
});

describe('monitoring', () => {
  it('lists the eight entries with spec defaults and config ids', () => {
    expect(MONITORING.map((entry) => [entry.key, entry.defaultPeriod, entry.configId])).toEqual([
      ['dynamic', 300, 0],
      ['static', 1_296_000, 1],
      ['hotspot', 300, 2],
      ['gps', 300, 3],
      ['io', 300, 4],
      ['wireless', 300, 5],
      ['ddns', 300, 6],
      ['vpn', 300, 7],
    ]);
    expect(MAX_ACTIVE_MONITORING_PARAMETERS).toBe(200);
  });

  it('gives every entry the 60 s to 1 year bounds and a default inside them', () => {
    expect(MONITORING_PERIOD_MIN).toBe(60);
    expect(MONITORING_PERIOD_MAX).toBe(31_536_000);
    for (const entry of MONITORING) {
      expect(entry.min).toBe(60);
      expect(entry.max).toBe(31_536_000);
      expect(entry.defaultPeriod).toBeGreaterThanOrEqual(entry.min);
      expect(entry.defaultPeriod).toBeLessThanOrEqual(entry.max);
      expect(entry.field).toBe(`${entry.key}_monitoring`);
    }
  });

  it('keeps the dynamic entry byte cost', () => {
    expect(MONITORING[0]?.bytes).toEqual({ down: 430, up: 1024 });
  });
});

describe('intervals and sizes', () => {
  it('offers the nine refresh options in ascending order', () => {
    expect(REFRESH_OPTIONS.map((option) => option.label)).toEqual([
      '10s', '30s', '1m', '5m', '15m', '30m', '1h', '2h', '24h',
    ]); // prettier-ignore
    const seconds = REFRESH_OPTIONS.map((option) => option.seconds);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(seconds.at(-1)).toBe(86_400);
  });

  it('has the spec limits', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect([STORAGE_PAGE_SIZE, PICKER_PAGE_SIZE, SEARCH_LIMIT, SEARCH_BADGE_MAX]).toEqual([
      100, 100, 10, 10,
    ]);
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(COMPANY_DATA_GB_PER_CREDIT).toBe(2);
    expect(USER_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(MAX_USER_REQUEST_FAILURES).toBe(3);
    expect([RELOAD_DELAY_TIMEZONE_MS, RELOAD_DELAY_LANGUAGE_MS]).toEqual([300, 1000]);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(MAX_MINIMIZED_DIALOGS).toBe(5);
    expect(GENERATED_PASSWORD_LENGTH).toBe(16);
  });

  it('maps connection protocols to their ports', () => {
    expect(PORTS).toEqual({
      ssh: 22,
      sftp: 22,
      telnet: 23,
      http: 80,
      https: 443,
      rdp: 3389,
      vnc: 5900,
    });
    expect(SIM_LABELS).toEqual(['SIM 1', 'SIM 2', 'eSIM']);
  });

  it('uses an alphanumeric alphabet for random strings', () => {
    expect(RANDOM_STRING_ALPHABET).toMatch(/^[A-Za-z0-9]{62}$/);
    expect(new Set(RANDOM_STRING_ALPHABET).size).toBe(62);
  });
});

describe('socket reconnect backoff', () => {
  it('doubles from 100 ms and caps at 10 s over 5 attempts', () => {
    expect(SOCKET_RECONNECT.attempts).toBe(5);
    expect([1, 2, 3, 4, 5].map(socketReconnectDelay)).toEqual([100, 200, 400, 800, 1600]);
    expect(socketReconnectDelay(8)).toBe(10_000);
    expect(socketReconnectDelay(30)).toBe(10_000);
    expect(socketReconnectDelay(0)).toBe(100);
  });
});

describe('ui settings', () => {
  it('toasts default to 4 s bottom-right with five types and a top area of 7', () => {
    expect(TOAST_SETTINGS).toMatchObject({
      durationMs: 4000,
      position: 'bottom-right',
      topMaxCount: 7,
    });
    expect(TOAST_TYPES).toEqual(['default', 'success', 'error', 'info', 'warning']);
  });

  it('clusters markers with the spec options', () => {
    expect(CLUSTER_OPTIONS).toMatchObject({
      gridSize: 60,
      minimumClusterSize: 2,
      zoomOnClick: true,
      averageCenter: false,
      ignoreHidden: false,
      batchSize: 2000,
    });
    expect(CLUSTER_OPTIONS.iconSizes).toEqual([53, 56, 66, 78, 90]);
  });

  it('has 11 distinct hex chart colours', () => {
    expect(CHART_PALETTE).toHaveLength(11);
    expect(new Set(CHART_PALETTE.map((colour) => colour.toLowerCase())).size).toBe(11);
    for (const colour of CHART_PALETTE) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('allows only the spec rich-text tags, schemes and attributes', () => {
    expect(RICH_TEXT_ALLOWED_TAGS).toEqual(['a', 'b', 'i', 'em', 'strong']);
    expect(SANITIZER_ALLOWED_SCHEMES).not.toContain('javascript');
    expect(SANITIZER_ALLOWED_SCHEMES).toEqual(['http', 'https', 'ftp', 'mailto', 'tel']);
    expect(SANITIZER_ALLOWED_ATTRIBUTES.a).toEqual(['href', 'name', 'target']);
  });
});

describe('languages', () => {
  it('starts with the four named languages and has unique ISO codes', () => {
    expect(LANGUAGES.slice(0, 4).map((language) => language.name)).toEqual([
      'English',
      'Norwegian',
      'Japanese',
      'Ukrainian',
    ]);
    const codes = LANGUAGES.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]{2}$/);
    expect(codes).toContain(DEFAULT_LANGUAGE);
    expect(LANGUAGES.length).toBeGreaterThan(20);
  });
});
