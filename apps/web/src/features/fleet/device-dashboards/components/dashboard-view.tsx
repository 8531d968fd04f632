import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Device, DeviceDashboard, DeviceDashboardWidgetInput } from '@netfleet/contracts';
import { RangePicker } from '@/components/date-range';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDashboard } from '../api/get-dashboards';
import { useUpdateDashboard } from '../api/save-dashboard';
import { DASHBOARD_PRESETS } from '../model/ranges';
import { addWidget, canAddWidget, type WidgetList } from '../model/widgets';
import { dashboardsTabPath, mobileDashboardPath } from '../paths';
import { DASHBOARD_TEXTS as T } from '../texts';
import { openDashboardDialog, openWidgetDialog } from './dashboard-dialogs';
import { Empty, LoadError, Loading } from './states';
import { useDashboardPeriod } from './use-dashboard-period';
import { useCanManageDashboards } from './use-manage';
import { useWidgetDrag, WidgetControls } from './widget-controls';
import { Widget, widgetTitle } from './widgets';

export type DashboardLayout = 'tab' | 'mobile';

interface LoadedProps {
  device: Device;
  dashboard: DeviceDashboard;
  layout: DashboardLayout;
}

function LoadedDashboard({ device, dashboard, layout }: LoadedProps) {
  const manages = useCanManageDashboards() && layout === 'tab';
  const [period, setPeriod] = useDashboardPeriod(dashboard);
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
  const drag = useWidgetDrag(change, manages && !update.isPending);
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
        <RangePicker
          // Remounted when the period turns preset or custom from outside (the edit dialog).
          key={'preset' in period ? 'preset' : 'custom'}
          label={T.range}
          presets={DASHBOARD_PRESETS}
          value={period}
          onChange={setPeriod}
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
              onClick={() => openWidgetDialog(dashboard, device, add)}
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
      period={period}
      drop={drag.drop(index)}
      controls={
        manages ? (
          <WidgetControls
            index={index}
            count={widgets.length}
            title={widgetTitle(widget)}
            busy={update.isPending}
            change={change}
            handle={drag.handle(index)}
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
        <Stack gap="xs">
          {manages && widgets.length > 1 && (
            <Text size="sm" c="dimmed">
              {T.dragHint}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>{cards}</SimpleGrid>
        </Stack>
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
  return (
    <LoadedDashboard key={query.data.id} device={device} dashboard={query.data} layout={layout} />
  );
}
