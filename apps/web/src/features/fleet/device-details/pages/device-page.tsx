import { Alert, Stack, Tabs } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDevice } from '../api/get-device';
import { DeviceHeader } from '../components/device-header';
import { Loading } from '../components/states';
import { TAB_PANELS } from '../components/tab-panels';
import type { DeviceTabSections } from '../components/tab-props';
import { useLiveDevice } from '../components/use-live-device';
import { DEVICE_TAB_RULES, visibleTabs } from '../model/device-tabs';
import { devicePath, DEVICES_ROUTE } from '../paths';
import { DEVICE_TEXTS as T } from '../texts';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

function DeviceNotFound({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.devices, to: DEVICES_ROUTE }, { label: message }]} />
      <Alert color="red" title={message} />
    </Stack>
  );
}

function DeviceView({ id, sections }: { id: number; sections: DeviceTabSections }) {
  const { tab, sub } = useParams();
  const navigate = useNavigate();
  const { permissions } = useCurrentUser();
  const query = useDevice(id);
  useLiveDevice(id);

  if (query.isPending) return <Loading />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return <DeviceNotFound message={notFound ? T.notFound : query.error.message} />;
  }

  const device = query.data;
  const tabs = visibleTabs(DEVICE_TAB_RULES, device, permissions);
  const active = tabs.find((candidate) => candidate.value === tab);
  const first = tabs[0];
  if (!active && first) {
    return <Navigate replace to={devicePath(id, first.value, first.subs?.[0]?.value)} />;
  }
  if (active?.subs && !active.subs.some((candidate) => candidate.value === sub)) {
    return <Navigate replace to={devicePath(id, active.value, active.subs[0]?.value)} />;
  }
  const Panel = active ? TAB_PANELS[active.value] : undefined;
  const Section = active ? sections[active.value] : undefined;
  const open = (value: string | null) => {
    const next = tabs.find((candidate) => candidate.value === value);
    if (next && next !== active) void navigate(devicePath(id, next.value, next.subs?.[0]?.value));
  };

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.devices, to: DEVICES_ROUTE }, { label: device.name }]} />
      <DeviceHeader device={device} />
      <Tabs value={active?.value ?? null} onChange={open} keepMounted={false}>
        <Tabs.List>
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {active?.subs && active.subs.length > 1 && (
        <Tabs
          variant="pills"
          value={sub ?? null}
          onChange={(value) => value && void navigate(devicePath(id, active.value, value))}
        >
          <Tabs.List>
            {active.subs.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {Panel && <Panel device={device} sub={sub} />}
      {Section && <Section device={device} sub={sub} />}
    </Stack>
  );
}

/**
 * Route `device` (/devices/:id/:tab?/:sub?): one device, its live status, actions and tabs, with
 * the sections other features add to its tabs (the app layer passes them).
 */
export function createDevicePage(sections: DeviceTabSections = {}): ComponentType {
  return function DevicePage() {
    const { id = '' } = useParams();
    if (!ID_PATTERN.test(id)) return <DeviceNotFound message={T.notFound} />;
    // Keyed by id: another device starts from its own data and state.
    return <DeviceView key={id} id={Number(id)} sections={sections} />;
  };
}

/** The device page with this feature's own tab content only. */
export const DevicePage = createDevicePage();
