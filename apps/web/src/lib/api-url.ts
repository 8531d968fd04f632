export type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type Query = Record<string, QueryValue>;

function isSkipped(value: QueryScalar): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** Spec §7: arrays are comma-joined; null, undefined and empty strings are left out. */
export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      const items = (value as readonly QueryScalar[]).filter((item) => !isSkipped(item));
      if (items.length > 0) params.append(key, items.map(String).join(','));
    } else if (!isSkipped(value as QueryScalar)) {
      params.append(key, String(value));
    }
  }
  // Commas are legal in a query string; keeping them readable matches the RMS API examples.
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}

export function buildUrl(base: string, path: string, query?: Query): string {
  const trimmedBase = base.endsWith('/') ? base.slice(0, -1) : base;
  const normalizedPath = path.startsWith('/') ? path : `/${path}`;
  return `${trimmedBase}${normalizedPath}${buildQueryString(query)}`;
}
