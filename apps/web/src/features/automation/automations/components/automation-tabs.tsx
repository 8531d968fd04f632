import type { Automation } from '@netfleet/contracts';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { automationPath, type AutomationTab } from '../paths';
import { TAB_LABELS } from '../texts';
import { DevicesTab } from './devices-tab';
import { LogsTab } from './logs-tab';

/** The rule's devices and logs; the tab is the route's `:tab`. */
export function AutomationTabs({
  automation,
  canManage,
}: {
  automation: Automation;
  canManage: boolean;
}) {
  const tabs: RoutedTab<AutomationTab>[] = [
    {
      value: 'devices',
      label: TAB_LABELS.devices,
      render: () => <DevicesTab automation={automation} canManage={canManage} />,
    },
    {
      value: 'logs',
      label: TAB_LABELS.logs,
      render: () => <LogsTab automationId={automation.id} />,
    },
  ];
  return (
    <RoutedTabs
      tabs={tabs}
      source={{ param: 'tab', path: (tab) => automationPath(automation.id, tab) }}
    />
  );
}
