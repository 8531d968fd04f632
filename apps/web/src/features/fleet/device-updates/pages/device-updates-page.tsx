import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { FilesTable } from '../components/files-table';
import { PendingTable } from '../components/pending-table';
import { UPDATE_KINDS, type UpdateKind } from '../model/update-kinds';
import { PAGE_TABS, readTab, TAB_PARAM, tabSearch } from '../paths';
import { KIND_TEXTS } from '../texts';

/**
 * The files of a kind and the jobs sending them that have not finished, as two tabs. Only the
 * shown tab is mounted: each table keeps its paging in the URL, which the other would read as its
 * own.
 */
export function DeviceUpdatesPage({ kind, intro }: { kind: UpdateKind; intro?: ReactNode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const texts = KIND_TEXTS[kind];
  const tab = readTab(params.get(TAB_PARAM));
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: texts.title, to: UPDATE_KINDS[kind].route }, { label: texts.tabs[tab] }]}
      />
      <Title order={2}>{texts.title}</Title>
      {intro}
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = PAGE_TABS.find((candidate) => candidate === value);
          if (next) void navigate({ search: tabSearch(next) });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {PAGE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {texts.tabs[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="files" pt="md">
          <FilesTable kind={kind} />
        </Tabs.Panel>
        <Tabs.Panel value="pending" pt="md">
          <PendingTable kind={kind} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
