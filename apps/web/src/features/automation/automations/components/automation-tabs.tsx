import { Tabs } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { Automation } from '@netfleet/contracts';
import { AUTOMATION_TABS, automationPath, readTab } from '../paths';
import { TAB_LABELS } from '../texts';
import { DevicesTab } from './devices-tab';
import { LogsTab } from './logs-tab';

/**
 * The rule's devices and logs; the tab is the route's `:tab`. Only the shown tab is mounted: each
 * table keeps its paging in the URL, which another would read as its own.
 */
export function AutomationTabs({
  automation,
  canManage,
}: {
  automation: Automation;
  canManage: boolean;
}) {
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab = readTab(param);

  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = AUTOMATION_TABS.find((candidate) => candidate === value);
        if (next) void navigate(automationPath(automation.id, next));
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {AUTOMATION_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {TAB_LABELS[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="devices" pt="md">
        <DevicesTab automation={automation} canManage={canManage} />
      </Tabs.Panel>
      <Tabs.Panel value="logs" pt="md">
        <LogsTab automationId={automation.id} />
      </Tabs.Panel>
    </Tabs>
  );
}
