import type { DataCollectConfig } from '@netfleet/contracts';
import { RoutedTabs, type RoutedTab } from '@/components/routed-tabs';
import { TAB_PARAM, type ConfigTab } from '../paths';
import { TAB_LABELS } from '../texts';
import { DataTab } from './data-tab';
import { DevicesTab } from './devices-tab';
import { LogsTab } from './logs-tab';

/** The config's devices, logs and data; the tab is the `?tab=` query parameter. */
export function ConfigTabs({ config }: { config: DataCollectConfig }) {
  const tabs: RoutedTab<ConfigTab>[] = [
    { value: 'devices', label: TAB_LABELS.devices, render: () => <DevicesTab config={config} /> },
    { value: 'logs', label: TAB_LABELS.logs, render: () => <LogsTab configId={config.id} /> },
    { value: 'data', label: TAB_LABELS.data, render: () => <DataTab config={config} /> },
  ];
  return <RoutedTabs tabs={tabs} source={{ query: TAB_PARAM }} />;
}
