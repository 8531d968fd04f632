import type { VpnHub } from '@netfleet/contracts';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { quickHubPath, type QuickTab } from '../paths';
import { QUICK_TAB_LABELS } from '../texts';
import { ConnectionLogsTab } from './connection-logs-tab';
import { DataUsageTab } from './data-usage-tab';
import { ProfilesTab } from './profiles-tab';
import { QuickGeneralTab } from './quick-general-tab';

/** The quick hub's tabs; the tab is the route's `:tab`. */
export function QuickTabs({ hub }: { hub: VpnHub }) {
  const tabs: RoutedTab<QuickTab>[] = [
    {
      value: 'general',
      label: QUICK_TAB_LABELS.general,
      render: () => <QuickGeneralTab hub={hub} />,
    },
    {
      value: 'clients',
      label: QUICK_TAB_LABELS.clients,
      render: () => <ProfilesTab hubId={hub.id} />,
    },
    {
      value: 'data-usage',
      label: QUICK_TAB_LABELS['data-usage'],
      render: () => <DataUsageTab hubId={hub.id} />,
    },
    {
      value: 'connection-logs',
      label: QUICK_TAB_LABELS['connection-logs'],
      render: () => <ConnectionLogsTab hubId={hub.id} />,
    },
  ];
  return (
    <RoutedTabs tabs={tabs} source={{ param: 'tab', path: (tab) => quickHubPath(hub.id, tab) }} />
  );
}
