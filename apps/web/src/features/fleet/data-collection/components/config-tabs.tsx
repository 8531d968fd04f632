import { Tabs } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { DataCollectConfig } from '@netfleet/contracts';
import { CONFIG_TABS, readTab, TAB_PARAM, tabSearch } from '../paths';
import { TAB_LABELS } from '../texts';
import { DataTab } from './data-tab';
import { DevicesTab } from './devices-tab';
import { LogsTab } from './logs-tab';

/**
 * The config's devices, logs and data. Only the shown tab is mounted: each table keeps its paging
 * in the URL, which another would read as its own.
 */
export function ConfigTabs({ config }: { config: DataCollectConfig }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = readTab(params.get(TAB_PARAM));

  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = CONFIG_TABS.find((candidate) => candidate === value);
        if (next) void navigate({ search: tabSearch(next) });
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {CONFIG_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {TAB_LABELS[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="devices" pt="md">
        <DevicesTab config={config} />
      </Tabs.Panel>
      <Tabs.Panel value="logs" pt="md">
        <LogsTab configId={config.id} />
      </Tabs.Panel>
      <Tabs.Panel value="data" pt="md">
        <DataTab config={config} />
      </Tabs.Panel>
    </Tabs>
  );
}
