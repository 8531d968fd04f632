import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconDeviceMobile,
  IconDots,
  IconLayoutDashboard,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Device, DeviceDashboard } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { confirmDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useDashboards } from '../api/get-dashboards';
import { useDeleteDashboard } from '../api/save-dashboard';
import { dashboardsTabPath, mobileDashboardPath } from '../paths';
import { DASHBOARD_TEXTS as T } from '../texts';
import { openDashboardDialog } from './dashboard-dialogs';
import { LoadError, Loading } from './states';
import { useCanManageDashboards } from './use-manage';

interface CardProps {
  device: Device;
  dashboard: DeviceDashboard;
  manages: boolean;
  remove: (dashboard: DeviceDashboard) => void;
}

function DashboardCard({ device, dashboard, manages, remove }: CardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={dashboard.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={dashboardsTabPath(device.id, dashboard.id)} fw={600}>
            {dashboard.name}
          </Anchor>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={T.moreActions(dashboard.name)}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                component="a"
                href={mobileDashboardPath(device.id, dashboard.id)}
                target="_blank"
                rel="noopener"
                leftSection={<IconDeviceMobile size={14} />}
              >
                {T.mobileView}
              </Menu.Item>
              {manages && (
                <>
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => openDashboardDialog({ deviceId: device.id, dashboard })}
                  >
                    {T.rename}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => remove(dashboard)}
                  >
                    {T.remove}
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
        {dashboard.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {dashboard.description}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {T.widgetCount(dashboard.widgets.length)}
          </Text>
          <Text size="xs" c="dimmed">
            {T.updatedAt(formatDateTime(dashboard.updated_at))}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The device's dashboards as cards, with a new one, changes and deletion for who may. */
export function DashboardList({ device }: { device: Device }) {
  const manages = useCanManageDashboards();
  const navigate = useNavigate();
  const query = useDashboards(device.id);
  const { mutateAsync: deleteDashboard } = useDeleteDashboard(device.id);

  const create = () =>
    openDashboardDialog({
      deviceId: device.id,
      onCreated: (dashboard) => void navigate(dashboardsTabPath(device.id, dashboard.id)),
    });

  const remove = (dashboard: DeviceDashboard) => {
    void (async () => {
      const confirmed = await confirmDialog({
        title: T.deleteTitle,
        message: T.deleteConfirm(dashboard.name),
        confirmText: T.remove,
        danger: true,
      });
      if (!confirmed) return;
      try {
        await deleteDashboard(dashboard.id);
        toast.success(T.deleted);
      } catch (error) {
        toast.error(isApiError(error) ? error.message : T.deleteFailed);
      }
    })();
  };

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError) body = <LoadError message={T.loadFailed} />;
  else if (query.data.length === 0) {
    body = (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="xs">
          <IconLayoutDashboard size={32} stroke={1.5} />
          <Text fw={600}>{T.empty}</Text>
          {manages && (
            <Text size="sm" c="dimmed">
              {T.emptyHint}
            </Text>
          )}
        </Stack>
      </Card>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {query.data.map((dashboard) => (
          <DashboardCard
            key={dashboard.id}
            device={device}
            dashboard={dashboard}
            manages={manages}
            remove={remove}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
        {manages && (
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            {T.create}
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
