import { useParams, useSearchParams } from 'react-router';

/**
 * Where a page keeps its tab in the URL: a route segment (`/vpn/hubs/:id/:tab?`, each tab's path
 * given) or a query parameter (`?tab=`, none for the first tab). Either way a tab can be linked
 * and the browser goes back to the previous one.
 */
export type TabSource<T extends string = string> =
  { param: string; path: (tab: T) => string } | { query: string };

/** The tab a URL names; the first when it names none (or an unknown or hidden one). */
export function readTab<T extends string>(
  tabs: readonly [T, ...T[]],
  value: string | null | undefined,
): T {
  return tabs.find((tab) => tab === value) ?? tabs[0];
}

/** What the URL gives for the tab, unchecked. */
export function useTabParam(source: TabSource<never>): string | undefined {
  const params = useParams();
  const [search] = useSearchParams();
  return 'param' in source ? params[source.param] : (search.get(source.query) ?? undefined);
}

/** The tab the URL names, for pages that show it outside the tabs too (breadcrumbs). */
export function useRoutedTab<T extends string>(
  tabs: readonly [T, ...T[]],
  source: TabSource<T>,
): T {
  return readTab(tabs, useTabParam(source));
}
