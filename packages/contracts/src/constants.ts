// Spec §9 business constants and limits. Status labels live in labels.ts, message texts in messages.ts.

export const APP_VERSION = '5.14.0';

/** Per-user storage (GET/PUT /storage) and local storage keys. */
export const STORAGE_KEYS = {
  wideNav: 'wideNav',
  currentVersionTimestamp: 'current_version_timestamp',
  spaVersion: 'spa_version',
  // The date in the key forces every user to accept the terms of 2023-01-18 again.
  tosAccepted: 'tos_accepted_20230118',
  noticesSeenAt: 'notices_seen_at',
  searchKinds: 'search_kinds',
} as const;

/** Session storage counters that send the user to the maintenance page (spec §4 Startup). */
export const SESSION_STORAGE_KEYS = {
  userRequestFailures: 'user_request_failures',
  revokeFailures: 'revoke_failures',
  /** The mobile platform a page was opened for (kept while the tab navigates). */
  platform: 'platform',
} as const;

/**
 * `?platform=ios` (or android, mobile) selects the mobile layout whatever the width (spec §2: a
 * mobile platform query parameter), e.g. in a phone app's web view; `?platform=web` leaves it.
 */
export const MOBILE_PLATFORM_PARAM = 'platform';
export const MOBILE_PLATFORMS: readonly string[] = ['mobile', 'ios', 'android'];

export const COOKIES = {
  darkMode: 'dark_mode',
  timezone: 'timezone',
  translation: 'translation',
  xsrf: 'RMS-XSRF-TOKEN',
  // Read only when the primary XSRF cookie is missing (spec §7 General).
  xsrfFallback: 'XSRF-TOKEN',
  apiReview: 'api_review',
} as const;

export const HTTP_HEADERS = {
  xsrf: 'X-XSRF-TOKEN',
  requestedWith: 'X-Requested-With',
  spaVersion: 'X-SPA-VERSION',
} as const;

export const DARK_MODES = ['auto', 'enabled', 'disabled'] as const;
export type DarkMode = (typeof DARK_MODES)[number];

export const MONITORING_PERIOD_MIN = 60;
export const MONITORING_PERIOD_MAX = 31_536_000;
export const MAX_ACTIVE_MONITORING_PARAMETERS = 200;

export interface MonitoringEntry {
  key: string;
  label: string;
  /** Device field holding the period in seconds, 0 = off (rms-api-v3 devices). */
  field: string;
  defaultPeriod: number;
  configId: number;
  min: number;
  max: number;
  /** Capability flag the device needs; null when every device supports it. */
  compatKey: string | null;
  /** Bytes one message costs the device: received (down) and sent (up). */
  bytes: { down: number; up: number };
}

function monitoringEntry(
  key: string,
  label: string,
  defaultPeriod: number,
  configId: number,
  compatKey: string | null,
  bytes: MonitoringEntry['bytes'],
): MonitoringEntry {
  return {
    key,
    label,
    field: `${key}_monitoring`,
    defaultPeriod,
    configId,
    min: MONITORING_PERIOD_MIN,
    max: MONITORING_PERIOD_MAX,
    compatKey,
    bytes,
  };
}

/**
 * The broker's PUBACK (MQTT 3.1.1 §3.4: two header bytes and the packet id): all a device
 * receives for one QoS 1 reading, since netfleet devices push their readings unasked.
 */
const PUBACK_BYTES = 4;

// The spec lists only dynamic's cost (430 down, 1024 up). The others are netfleet's own: the
// MQTT PUBLISH a device sends (header, `nf/d/<id>/tm/<category>` with a six-digit id, packet id
// and the JSON reading of docs/device-protocol.md §6) at the largest reading of a simulated fleet
// of every model and firmware (`netfleet-sim`), rounded up to 32 bytes, and the PUBACK it gets
// back. apps/agent/src/telemetry-costs.test.ts measures them again and fails when a reading
// outgrows its figure. vpn counts L2TP only: each netfleet VPN hub the device is a client of adds
// about 150 bytes.
export const MONITORING: readonly MonitoringEntry[] = [
  monitoringEntry('dynamic', 'Dynamic', 300, 0, null, { down: 430, up: 1024 }),
  monitoringEntry('static', 'Static', 1_296_000, 1, null, { down: PUBACK_BYTES, up: 480 }),
  monitoringEntry('hotspot', 'Hotspot', 300, 2, 'has_hotspot', { down: PUBACK_BYTES, up: 160 }),
  monitoringEntry('gps', 'GPS', 300, 3, 'has_gps', { down: PUBACK_BYTES, up: 160 }),
  monitoringEntry('io', 'Input/Output', 300, 4, 'has_io', { down: PUBACK_BYTES, up: 256 }),
  monitoringEntry('wireless', 'Wireless', 300, 5, 'has_wifi', { down: PUBACK_BYTES, up: 352 }),
  monitoringEntry('ddns', 'Dynamic DNS', 300, 6, 'has_ddns', { down: PUBACK_BYTES, up: 160 }),
  monitoringEntry('vpn', 'VPN (L2TP)', 300, 7, 'has_l2tp', { down: PUBACK_BYTES, up: 128 }),
];

export const REFRESH_OPTIONS = [
  { label: '10s', seconds: 10 },
  { label: '30s', seconds: 30 },
  { label: '1m', seconds: 60 },
  { label: '5m', seconds: 300 },
  { label: '15m', seconds: 900 },
  { label: '30m', seconds: 1800 },
  { label: '1h', seconds: 3600 },
  { label: '2h', seconds: 7200 },
  { label: '24h', seconds: 86_400 },
] as const;

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const PORTS = {
  ssh: 22,
  sftp: 22,
  telnet: 23,
  http: 80,
  https: 443,
  rdp: 3389,
  vnc: 5900,
} as const;

export const SIM_LABELS = ['SIM 1', 'SIM 2', 'eSIM'] as const;
/** Possible LAN port counts across model groups. */
export const PORT_COUNTS = [0, 1, 2, 3, 4, 5, 10, 28] as const;

export const MEASUREMENT_UNITS = {
  signal: 'dBm',
  temperature: '°C',
  current: 'mA',
  voltage: 'V',
} as const;

// Colour-blind friendly categorical palette (Tableau 10 plus a dark indigo), one per chart series.
export const CHART_PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#393b79',
] as const;

export const RANDOM_STRING_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const GENERATED_PASSWORD_LENGTH = 16;
/** Tooltips shorter than this render inline instead of as a wide popover. */
export const TOOLTIP_SHORT_MAX_LENGTH = 50;

export const STORAGE_PAGE_SIZE = 100;
export const PICKER_PAGE_SIZE = 100;
export const SEARCH_LIMIT = 10;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_BADGE_MAX = 10;

export const COMPANY_DATA_GB_PER_CREDIT = 2;
/**
 * A company's resources of a type run low when a spend or move leaves fewer than this many
 * (the creditAmountTooLow notification and the automations' "Credit low" event fire on crossing).
 */
export const CREDIT_LOW_THRESHOLD = 10;
export const COMPANY_TOP_LEVEL = 1;
/** A new company may only be created under companies of these levels. */
export const NEW_COMPANY_PARENT_LEVELS = [1, 2] as const;

export const SUMMARY_CACHE = { ttlMs: 10_000, maxEntries: 10 } as const;
export const GET_CACHE = { ttlMs: 300_000, maxEntries: 100, throttleMs: 1000 } as const;

export const SOCKET_PATHS = { status: '/status/socket.io', default: '/socket.io' } as const;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECT = { attempts: 5, initialDelayMs: 100, maxDelayMs: 10_000 } as const;

/** Backoff before reconnect attempt n (1-based): 100, 200, 400 ... ms, capped at 10 s. */
export function socketReconnectDelay(attempt: number): number {
  const delay = SOCKET_RECONNECT.initialDelayMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(delay, SOCKET_RECONNECT.maxDelayMs);
}

export const USER_REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_REFRESH_TIMEOUT_MS = 30_000;
export const MAX_USER_REQUEST_FAILURES = 3;
export const MAX_REVOKE_FAILURES = 3;

export const RELOAD_DELAY_TIMEZONE_MS = 300;
export const RELOAD_DELAY_LANGUAGE_MS = 1000;
export const UPDATE_PROMPT_DELAY_MS = 1000;
export const HELP_PANEL_DELAY_MS = 700;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const MOBILE_BREAKPOINT_PX = 768;
export const MAX_MINIMIZED_DIALOGS = 5;
export const LOGO_FADE_SECONDS = { out: 0.1, in: 0.2 } as const;
export const AVATAR_SIZE_PX = 26;

export const TOAST_TYPES = ['default', 'success', 'error', 'info', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const TOAST_SETTINGS = {
  durationMs: 4000,
  position: 'bottom-right',
  closeAnimationMs: 150,
  retryMs: 250,
  // A separate area at the top holds at most this many toasts.
  topPosition: 'top-center',
  topMaxCount: 7,
} as const;

export const CLUSTER_OPTIONS = {
  gridSize: 60,
  minimumClusterSize: 2,
  zoomOnClick: true,
  averageCenter: false,
  ignoreHidden: false,
  batchSize: 2000,
  // Old Internet Explorer could not process larger batches without freezing.
  batchSizeLegacy: 500,
  iconSizes: [53, 56, 66, 78, 90],
  searchRadiusKm: 40_000,
} as const;

/** Rich text (notices, messages) keeps only these tags; everything else is escaped. */
export const RICH_TEXT_ALLOWED_TAGS = ['a', 'b', 'i', 'em', 'strong'] as const;
export const SANITIZER_ALLOWED_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel'] as const;
export const SANITIZER_ALLOWED_ATTRIBUTES = {
  a: ['href', 'name', 'target'],
  img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
} as const;

/**
 * Where a notice image may come from: an http(s) URL or an inline data image (never a script
 * scheme, nor a relative URL into the console). Control characters and blanks are ignored first,
 * as browsers do.
 */
export function isAllowedImageSource(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return /^(https?:\/\/|data:image\/)/i.test(compact);
}

/** A srcset is allowed when every candidate's URL is ('a.png 1x, b.png 2x'). */
export function isAllowedImageSrcset(srcset: string): boolean {
  const candidates = srcset.split(/,\s+/).map((candidate) => candidate.trim().split(/\s+/)[0]);
  return candidates.every((url) => url !== undefined && isAllowedImageSource(url));
}

export interface Language {
  /** ISO 639-1 code, also the value of the translation cookie. */
  code: string;
  name: string;
  nativeName: string;
}

// The first four are the spec's named languages; the rest are the common interface languages.
export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'no', name: 'Norwegian', nativeName: 'Norsk' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'uk', name: 'Ukrainian', nativeName: 'Українська' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية' },
  { code: 'bg', name: 'Bulgarian', nativeName: 'Български' },
  { code: 'cs', name: 'Czech', nativeName: 'Čeština' },
  { code: 'da', name: 'Danish', nativeName: 'Dansk' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'el', name: 'Greek', nativeName: 'Ελληνικά' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'et', name: 'Estonian', nativeName: 'Eesti' },
  { code: 'fi', name: 'Finnish', nativeName: 'Suomi' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'he', name: 'Hebrew', nativeName: 'עברית' },
  { code: 'hr', name: 'Croatian', nativeName: 'Hrvatski' },
  { code: 'hu', name: 'Hungarian', nativeName: 'Magyar' },
  { code: 'id', name: 'Indonesian', nativeName: 'Bahasa Indonesia' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
  { code: 'lt', name: 'Lithuanian', nativeName: 'Lietuvių' },
  { code: 'lv', name: 'Latvian', nativeName: 'Latviešu' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'ro', name: 'Romanian', nativeName: 'Română' },
  { code: 'sk', name: 'Slovak', nativeName: 'Slovenčina' },
  { code: 'sl', name: 'Slovenian', nativeName: 'Slovenščina' },
  { code: 'sr', name: 'Serbian', nativeName: 'Српски' },
  { code: 'sv', name: 'Swedish', nativeName: 'Svenska' },
  { code: 'th', name: 'Thai', nativeName: 'ไทย' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
  { code: 'vi', name: 'Vietnamese', nativeName: 'Tiếng Việt' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
];
export const DEFAULT_LANGUAGE = 'en';
