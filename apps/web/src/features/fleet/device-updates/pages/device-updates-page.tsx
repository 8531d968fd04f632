import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { RoutedTabs, useRoutedTab, type RoutedTab } from '@/components/routed-tabs';
import { FilesTable } from '../components/files-table';
import { PendingTable } from '../components/pending-table';
import { UPDATE_KINDS, type UpdateKind } from '../model/update-kinds';
import { PAGE_TABS, TAB_PARAM, type PageTab } from '../paths';
import { KIND_TEXTS } from '../texts';

const SOURCE = { query: TAB_PARAM };

/** The files of a kind and the jobs sending them that have not finished, as two tabs. */
export function DeviceUpdatesPage({ kind, intro }: { kind: UpdateKind; intro?: ReactNode }) {
  const texts = KIND_TEXTS[kind];
  const tab = useRoutedTab(PAGE_TABS, SOURCE);
  const tabs: RoutedTab<PageTab>[] = [
    { value: 'files', label: texts.tabs.files, render: () => <FilesTable kind={kind} /> },
    { value: 'pending', label: texts.tabs.pending, render: () => <PendingTable kind={kind} /> },
  ];
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: texts.title, to: UPDATE_KINDS[kind].route }, { label: texts.tabs[tab] }]}
      />
      <Title order={2}>{texts.title}</Title>
      {intro}
      <RoutedTabs tabs={tabs} source={SOURCE} value={tab} />
    </Stack>
  );
}
