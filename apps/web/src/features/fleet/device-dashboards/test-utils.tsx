// Test-only: the dashboards tab and the mobile page at their routes, with fixtures.
import {
  type CurrentUser,
  type Device,
  DEVICE_FIELDS,
  type DeviceDashboard,
} from '@netfleet/contracts';
import type { MockHandler } from '@/test/mock-api';
import { renderWithSession } from '@/test/render-route';
import { DeviceDashboardsTab } from './components/dashboards-tab';
import { MobileDashboardPage } from './pages/mobile-dashboard-page';
import { useParams } from 'react-router';

export { currentLocation, dialog, lastBody, listOk } from '@/test/render-route';

const UNKNOWN_FIELDS = Object.fromEntries(
  DEVICE_FIELDS.map((field) => [field, null]),
) as unknown as Device;

export function device(overrides: Partial<Device> = {}): Device {
  return {
    ...UNKNOWN_FIELDS,
    id: 42,
    name: 'Depot router',
    serial: '1100123456',
    mac: '00:1E:42:12:34:56',
    model: 'RUTX11',
    firmware: 'RUTX_R_00.07.06',
    company_id: 3,
    status: 1,
    operator: 'Telia',
    connection_type: 'LTE',
    wan_ip: '10.1.2.3',
    uptime: 3600,
    tags: [],
    ...overrides,
  };
}

export function dashboard(overrides: Partial<DeviceDashboard> = {}): DeviceDashboard {
  return {
    id: 7,
    device_id: 42,
    name: 'Site overview',
    description: 'What the depot needs',
    range: '24h',
    widgets: [],
    created_by: 7,
    created_at: '2026-11-29 10:00:00',
    updated_at: '2026-11-29 10:00:00',
    ...overrides,
  };
}

/** The tab as the device page shows it (its sub path from the URL). */
function TabHarness({ subject }: { subject: Device }) {
  const { sub } = useParams();
  return <DeviceDashboardsTab device={subject} sub={sub} />;
}

export function renderDashboardsTab(
  url: string,
  user: CurrentUser,
  api: Record<string, MockHandler> = {},
  subject: Device = device(),
) {
  return renderWithSession(<TabHarness subject={subject} />, {
    url,
    path: '/devices/:id/:tab?/:sub?',
    user,
    api,
  });
}

export function renderMobilePage(url: string, user: CurrentUser, api: Record<string, MockHandler>) {
  return renderWithSession(<MobileDashboardPage />, {
    url,
    path: '/device/:id/dashboard/:dashboard_id',
    user,
    api,
  });
}
