import { ActionIcon, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatBytes, TELEMETRY_SCHEMAS, type TelemetryCategory } from '@netfleet/contracts';
import { openNamedDialog } from '@/components/dialogs';
import { useInformationHistory } from '../api/get-information';
import type { InformationHistory } from '../model/readings';
import { DEVICE_TEXTS as T } from '../texts';
import { CreditSection } from './credit-section';
import { DataPackSection } from './data-pack-section';
import { ListTable } from './key-value-table';
import { Empty, LoadError, Loading } from './states';
import type { DeviceTabProps } from './tab-props';

function latest<C extends TelemetryCategory>(history: InformationHistory, category: C) {
  const parsed = TELEMETRY_SCHEMAS[category].safeParse(history[category]?.data);
  return parsed.success
    ? (parsed.data as ReturnType<(typeof TELEMETRY_SCHEMAS)[C]['parse']>)
    : null;
}

/** An SSID with the 'Wi-Fi QR code' dialog of its network (the Wi-Fi feature's, opened by name). */
function SsidCell({ ssid, deviceName }: { ssid: string; deviceName: string }) {
  const label = T.wifiQrCode(ssid);
  return (
    <Group gap={4} wrap="nowrap">
      {ssid}
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={label}
          onClick={() => void openNamedDialog('wifi.qr-code', { ssid, device_name: deviceName })}
        >
          <IconQrcode size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

interface Section {
  title: string;
  headers: string[];
  rows: ReactNode[][];
}

/** The services the device reported last: DDNS, L2TP, Wi-Fi and hotspots, as its flags allow. */
export function serviceSections(device: DeviceTabProps['device'], history: InformationHistory) {
  const sections: Section[] = [];
  const ddns = device.has_ddns ? latest(history, 'ddns') : null;
  if (ddns?.entries.length) {
    sections.push({
      title: T.ddns,
      headers: [T.hostname, T.status, T.ip],
      rows: ddns.entries.map((entry) => [entry.hostname, entry.status, entry.ip ?? '']),
    });
  }
  const vpn = device.has_l2tp ? latest(history, 'vpn') : null;
  if (vpn?.l2tp.length) {
    sections.push({
      title: T.l2tp,
      headers: [T.name, T.status],
      rows: vpn.l2tp.map((entry) => [entry.name, entry.status]),
    });
  }
  const wireless = device.has_wifi ? latest(history, 'wireless') : null;
  if (wireless?.interfaces.length) {
    sections.push({
      title: T.wireless,
      headers: [T.ssid, T.band, T.channel, T.clients, T.state],
      rows: wireless.interfaces.map((entry) => [
        <SsidCell key="ssid" ssid={entry.ssid} deviceName={device.name} />,
        entry.band,
        entry.channel,
        entry.clients,
        entry.enabled ? T.enabled : T.disabled,
      ]),
    });
  }
  const hotspot = device.has_hotspot ? latest(history, 'hotspot') : null;
  if (hotspot?.hotspots.length) {
    sections.push({
      title: T.hotspots,
      headers: [T.ssid, T.activeUsers, T.received, T.sent],
      rows: hotspot.hotspots.map((entry) => [
        entry.ssid,
        entry.users_active,
        formatBytes(entry.rx),
        formatBytes(entry.tx),
      ]),
    });
  }
  return sections;
}

/** What the device last reported of its DDNS, L2TP, Wi-Fi and hotspots. */
function ReportedServices({ device }: DeviceTabProps) {
  const history = useInformationHistory(device.id, null);
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadError error={history.error} />;
  const sections = serviceSections(device, history.data);
  if (sections.length === 0) return <Empty message={T.noServices} />;
  return (
    <Stack gap="lg">
      {sections.map((section) => (
        <ListTable key={section.title} {...section} />
      ))}
    </Stack>
  );
}

/** Device services: its management credit and data pack first, then the services it reported. */
export function ServicesTab(props: DeviceTabProps) {
  return (
    <Stack gap="xl">
      <CreditSection device={props.device} />
      <DataPackSection device={props.device} />
      <Stack gap="xs">
        <Title order={4}>{T.reportedServices}</Title>
        <ReportedServices {...props} />
      </Stack>
    </Stack>
  );
}
