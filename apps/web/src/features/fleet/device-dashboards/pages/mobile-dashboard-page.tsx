import { Box } from '@mantine/core';
import { useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useDashboardDevice } from '../api/get-widget-data';
import { DashboardView } from '../components/dashboard-view';
import { LoadError, Loading } from '../components/states';
import { idOf } from '../paths';
import { DASHBOARD_TEXTS as T } from '../texts';

function MobileDashboard({ deviceId, dashboardId }: { deviceId: number; dashboardId: number }) {
  const device = useDashboardDevice(deviceId);
  if (device.isPending) return <Loading />;
  if (device.isError) {
    const missing = isApiError(device.error) && device.error.status === 404;
    return <LoadError message={missing ? T.deviceNotFound : device.error.message} />;
  }
  return <DashboardView device={device.data} dashboardId={dashboardId} layout="mobile" />;
}

/**
 * Route `remote.mobile` (/device/:id/dashboard/:dashboard_id, standalone): one dashboard laid out
 * for a phone, full screen without navigation or header, its widgets stacked.
 */
export function MobileDashboardPage() {
  const params = useParams();
  const deviceId = idOf(params.id);
  const dashboardId = idOf(params.dashboard_id);
  return (
    <Box component="main" p="sm" maw={720} mx="auto" mih="100vh">
      {deviceId === null || dashboardId === null ? (
        <LoadError message={T.notFound} />
      ) : (
        <MobileDashboard
          key={`${deviceId}-${dashboardId}`}
          deviceId={deviceId}
          dashboardId={dashboardId}
        />
      )}
    </Box>
  );
}
