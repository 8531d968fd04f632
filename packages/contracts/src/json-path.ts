// The JSONPath subset data-collect filters use (RMS examples: `$.http_body.data[@.primary=true].rsrp`).
// Segments: `.name`, `['name']`, `[2]`, `[*]`, `.*`, and item filters `[@.key=value]` or
// `[?(@.key==value)]` whose value is true, false, null, a number or a (quoted) string. The device
// and the server's validation share it, so a filter the server accepts is one every device reads.

type Segment =
  | { kind: 'key'; key: string }
  | { kind: 'index'; index: number }
  | { kind: 'all' }
  | { kind: 'filter'; key: string[]; value: unknown };

const literal = (text: string): unknown => {
  const value = text.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  const quoted = /^'(.*)'$|^"(.*)"$/.exec(value);
  return quoted ? (quoted[1] ?? quoted[2]) : value;
};

const bracket = (inner: string): Segment | null => {
  const text = inner.trim();
  if (text === '*') return { kind: 'all' };
  if (/^\d+$/.test(text)) return { kind: 'index', index: Number(text) };
  const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(text);
  if (quoted) return { kind: 'key', key: quoted[1] ?? quoted[2] ?? '' };
  const filter = /^(?:\?\()?@\.([\w.-]+)\s*={1,2}\s*(.+?)\)?$/.exec(text);
  if (filter?.[1] && filter[2] !== undefined) {
    return { kind: 'filter', key: filter[1].split('.'), value: literal(filter[2]) };
  }
  return null;
};

/** The segments of `path`, or an error message naming what is wrong with it. */
export const parseJsonPath = (path: string): Segment[] | string => {
  if (!path.startsWith('$')) return 'A filter starts with $';
  const segments: Segment[] = [];
  let rest = path.slice(1);
  while (rest.length > 0) {
    if (rest.startsWith('.')) {
      const name = /^\.(\*|[\w-]+)/.exec(rest);
      if (!name?.[1]) return `Unexpected "${rest.slice(0, 12)}" in the filter`;
      segments.push(name[1] === '*' ? { kind: 'all' } : { kind: 'key', key: name[1] });
      rest = rest.slice(name[0].length);
    } else if (rest.startsWith('[')) {
      const end = rest.indexOf(']');
      const segment = end > 0 ? bracket(rest.slice(1, end)) : null;
      if (!segment) return `Unexpected "${rest.slice(0, 12)}" in the filter`;
      segments.push(segment);
      rest = rest.slice(end + 1);
    } else {
      return `Unexpected "${rest.slice(0, 12)}" in the filter`;
    }
  }
  return segments;
};

/** An own property only: `$.x.constructor` selects nothing. */
const child = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

const loosely = (actual: unknown, expected: unknown) =>
  actual === expected || (actual !== undefined && String(actual) === String(expected));

const step = (values: unknown[], segment: Segment): unknown[] =>
  values.flatMap((value): unknown[] => {
    switch (segment.kind) {
      case 'key': {
        const next = child(value, segment.key);
        return next === undefined ? [] : [next];
      }
      case 'index':
        return Array.isArray(value) && segment.index < value.length ? [value[segment.index]] : [];
      case 'all':
        if (Array.isArray(value)) return value;
        return value !== null && typeof value === 'object' ? Object.values(value) : [];
      case 'filter': {
        const items = Array.isArray(value) ? value : [value];
        return items.filter((item) =>
          loosely(
            segment.key.reduce<unknown>((at, key) => child(at, key), item),
            segment.value,
          ),
        );
      }
    }
  });

/** Everything `path` selects in `document`; a path that does not parse selects nothing. */
export const queryJsonPath = (document: unknown, path: string): unknown[] => {
  const segments = parseJsonPath(path);
  if (typeof segments === 'string') return [];
  return segments.reduce<unknown[]>((values, segment) => step(values, segment), [document]);
};

/** Whether `path` may select more than one value (a wildcard or an item filter). */
export const isMultiValuePath = (path: string): boolean => {
  const segments = parseJsonPath(path);
  return (
    typeof segments !== 'string' && segments.some((s) => s.kind === 'all' || s.kind === 'filter')
  );
};
