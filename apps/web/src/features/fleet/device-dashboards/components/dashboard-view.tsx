import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconDeviceMobile,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type {
  Device,
  DeviceDashboard,
  DeviceDashboardRange,
  DeviceDashboardWidgetInput,
} from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDashboard } from '../api/get-dashboards';
import { useUpdateDashboard } from '../api/save-dashboard';
import { isRange, RANGE_OPTIONS } from '../model/ranges';
import {
  addWidget,
  canAddWidget,
  moveWidget,
  removeWidget,
  type WidgetList,
} from '../model/widgets';
import { dashboardsTabPath, mobileDashboardPath } from '../paths';
import { DASHBOARD_TEXTS as T } from '../texts';
import { openDashboardDialog, openWidgetDialog } from './dashboard-dialogs';
import { Empty, LoadError, Loading } from './states';
import { useCanManageDashboards } from './use-manage';
import { Widget } from './widgets';

export type DashboardLayout = 'tab' | 'mobile';

interface WidgetControlsProps {
  index: number;
  count: number;
  busy: boolean;
  change: (next: (widgets: WidgetList) => WidgetList) => void;
}

function WidgetControls({ index, count, busy, change }: WidgetControlsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={T.moveUp}
        disabled={busy || index === 0}
        onClick={() => change((widgets) => moveWidget(widgets, index, -1))}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={T.moveDown}
        disabled={busy || index === count - 1}
        onClick={() => change((widgets) => moveWidget(widgets, index, 1))}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={T.removeWidget}
        disabled={busy}
        onClick={() => change((widgets) => removeWidget(widgets, index))}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

interface LoadedProps {
  device: Device;
  dashboard: DeviceDashboard;
  layout: DashboardLayout;
}

function LoadedDashboard({ device, dashboard, layout }: LoadedProps) {
  const manages = useCanManageDashboards() && layout === 'tab';
  const [range, setRange] = useState<DeviceDashboardRange>(dashboard.range);
  const update = useUpdateDashboard(device.id);
  const { widgets } = dashboard;

  const save = async (next: WidgetList) => {
    await update.mutateAsync({ id: dashboard.id, body: { widgets: [...next] } });
  };
  const change = (edit: (list: WidgetList) => WidgetList) => {
    save(edit(widgets)).catch((error: unknown) => {
      toast.error(isApiError(error) ? error.message : T.saveFailed);
    });
  };
  const add = async (widget: DeviceDashboardWidgetInput) => {
    await save(addWidget(widgets, widget));
    toast.success(T.updated);
  };

  const header = (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2}>
        <Title order={2} size={layout === 'mobile' ? 'h3' : 'h4'}>
          {dashboard.name}
        </Title>
        {layout === 'mobile' && (
          <Text size="sm" c="dimmed">
            {device.name}
          </Text>
        )}
        {dashboard.description && (
          <Text size="sm" c="dimmed">
            {dashboard.description}
          </Text>
        )}
      </Stack>
      <Group gap="xs" align="flex-end">
        <Select
          label={T.range}
          data={RANGE_OPTIONS}
          allowDeselect={false}
          value={range}
          onChange={(value) => isRange(value) && setRange(value)}
          w={170}
        />
        {layout === 'tab' && (
          <Button
            variant="default"
            component="a"
            href={mobileDashboardPath(device.id, dashboard.id)}
            target="_blank"
            rel="noopener"
            leftSection={<IconDeviceMobile size={16} />}
          >
            {T.mobileView}
          </Button>
        )}
        {manages && (
          <>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => openDashboardDialog({ deviceId: device.id, dashboard })}
            >
              {T.rename}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!canAddWidget(widgets)}
              title={canAddWidget(widgets) ? undefined : T.widgetsFull}
              onClick={() => openWidgetDialog(dashboard, add)}
            >
              {T.addWidget}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );

  const cards = widgets.map((widget, index) => (
    <Widget
      key={widget.id}
      widget={widget}
      device={device}
      range={range}
      controls={
        manages ? (
          <WidgetControls
            index={index}
            count={widgets.length}
            busy={update.isPending}
            change={change}
          />
        ) : undefined
      }
    />
  ));

  return (
    <Stack gap="md">
      {layout === 'tab' && (
        <Anchor component={Link} to={dashboardsTabPath(device.id)} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {T.back}
          </Group>
        </Anchor>
      )}
      {header}
      {widgets.length === 0 ? (
        <Stack gap={0}>
          <Empty message={T.noWidgets} />
          {manages && (
            <Text size="sm" c="dimmed">
              {T.noWidgetsHint}
            </Text>
          )}
        </Stack>
      ) : layout === 'mobile' ? (
        <Stack gap="sm">{cards}</Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>{cards}</SimpleGrid>
      )}
    </Stack>
  );
}

/** One dashboard of the device with its widgets; in the tab, its editing too. */
export function DashboardView({
  device,
  dashboardId,
  layout,
}: {
  device: Device;
  dashboardId: number;
  layout: DashboardLayout;
}) {
  const query = useDashboard(device.id, dashboardId);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack gap="sm">
        {layout === 'tab' && (
          <Anchor component={Link} to={dashboardsTabPath(device.id)} size="sm">
            {T.back}
          </Anchor>
        )}
        <LoadError message={missing ? T.notFound : query.error.message} />
      </Stack>
    );
  }
  // A period saved in the edit dialog becomes the one shown.
  return (
    <LoadedDashboard
      key={`${query.data.id}-${query.data.range}`}
      device={device}
      dashboard={query.data}
      layout={layout}
    />
  );
}
