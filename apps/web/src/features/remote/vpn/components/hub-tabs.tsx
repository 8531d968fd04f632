import { Tabs } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { VpnHub } from '@netfleet/contracts';
import { HUB_TABS, hubPath, readTab } from '../paths';
import { HUB_TAB_LABELS } from '../texts';
import { ClientsTab } from './clients-tab';
import { ConfigurationTab } from './configuration-tab';
import { DataUsageTab } from './data-usage-tab';
import { GeneralTab } from './general-tab';
import { RoutesTab } from './routes-tab';

/**
 * The hub's tabs; the tab is the route's `:tab`. Only the shown tab is mounted: the clients table
 * keeps its paging in the URL, which another would read as its own.
 */
export function HubTabs({ hub }: { hub: VpnHub }) {
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab = readTab(HUB_TABS, param);
  return (
    <Tabs
      value={tab}
      keepMounted={false}
      onChange={(value) => {
        const next = HUB_TABS.find((candidate) => candidate === value);
        if (next) void navigate(hubPath(hub.id, next));
      }}
    >
      <Tabs.List>
        {HUB_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {HUB_TAB_LABELS[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="general" pt="md">
        <GeneralTab hub={hub} />
      </Tabs.Panel>
      <Tabs.Panel value="clients" pt="md">
        <ClientsTab hubId={hub.id} />
      </Tabs.Panel>
      <Tabs.Panel value="routes" pt="md">
        <RoutesTab hubId={hub.id} />
      </Tabs.Panel>
      <Tabs.Panel value="data-usage" pt="md">
        <DataUsageTab hubId={hub.id} />
      </Tabs.Panel>
      <Tabs.Panel value="configuration" pt="md">
        <ConfigurationTab hubId={hub.id} />
      </Tabs.Panel>
    </Tabs>
  );
}
