import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, type To } from 'react-router';
import { readTab, useTabParam, type TabSource } from './read-tab';

export interface RoutedTab<T extends string> {
  value: T;
  label: ReactNode;
  /** Left out, and never chosen from the URL (a tab the user has no permission for). */
  hidden?: boolean;
  render: () => ReactNode;
}

interface RoutedTabsProps<T extends string> {
  tabs: readonly RoutedTab<T>[];
  source: TabSource<T>;
  /** The tab the page decides instead of the URL (a detail that lives on one tab). */
  value?: T | undefined;
}

/**
 * A query source's link keeps only the tab's parameter: paging and filters of one tab's table
 * are not another's.
 */
function tabLink<T extends string>(source: TabSource<T>, tab: T, first: T): To {
  if ('path' in source) return source.path(tab);
  return { search: tab === first ? '' : `?${new URLSearchParams({ [source.query]: tab })}` };
}

/**
 * Tabs chosen by the URL; an unknown or hidden tab in it shows the first. Only the shown tab is
 * mounted: tables keep their paging in the URL, which another tab's table would read as its own.
 */
export function RoutedTabs<T extends string>({ tabs, source, value }: RoutedTabsProps<T>) {
  const param = useTabParam(source);
  const navigate = useNavigate();
  const shown = tabs.filter((tab) => !tab.hidden);
  const [first, ...rest] = shown.map((tab) => tab.value);
  if (first === undefined) return null;
  return (
    <Tabs
      value={value ?? readTab([first, ...rest], param)}
      keepMounted={false}
      onChange={(next) => {
        const tab = shown.find((candidate) => candidate.value === next);
        if (tab) void navigate(tabLink(source, tab.value, first));
      }}
    >
      <Tabs.List>
        {shown.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.render()}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
