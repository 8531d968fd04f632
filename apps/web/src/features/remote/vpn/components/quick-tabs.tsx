import { Tabs } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { VpnHub } from '@netfleet/contracts';
import { QUICK_TABS, quickHubPath, readTab } from '../paths';
import { QUICK_TAB_LABELS } from '../texts';
import { ConnectionLogsTab } from './connection-logs-tab';
import { DataUsageTab } from './data-usage-tab';
import { ProfilesTab } from './profiles-tab';
import { QuickGeneralTab } from './quick-general-tab';

/** The quick hub's tabs; the tab is the route's `:tab`, and only the shown one is mounted. */
export function QuickTabs({ hub }: { hub: VpnHub }) {
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab = readTab(QUICK_TABS, param);
  return (
    <Tabs
      value={tab}
      keepMounted={false}
      onChange={(value) => {
        const next = QUICK_TABS.find((candidate) => candidate === value);
        if (next) void navigate(quickHubPath(hub.id, next));
      }}
    >
      <Tabs.List>
        {QUICK_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {QUICK_TAB_LABELS[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="general" pt="md">
        <QuickGeneralTab hub={hub} />
      </Tabs.Panel>
      <Tabs.Panel value="clients" pt="md">
        <ProfilesTab hubId={hub.id} />
      </Tabs.Panel>
      <Tabs.Panel value="data-usage" pt="md">
        <DataUsageTab hubId={hub.id} />
      </Tabs.Panel>
      <Tabs.Panel value="connection-logs" pt="md">
        <ConnectionLogsTab hubId={hub.id} />
      </Tabs.Panel>
    </Tabs>
  );
}
