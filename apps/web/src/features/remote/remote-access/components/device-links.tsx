import { Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { formatUptime } from '@/lib/format';
import { launchSession } from '../api/connect';
import { useDeviceLinks, type DeviceLink } from '../api/get-device-links';
import type { LinkType } from '../api/keys';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { openUrl } from './open-session';
import { useEndSessionAction } from './use-end-session';

interface TypedLink extends DeviceLink {
  type: LinkType;
}

const TYPE_LABELS: Readonly<Record<LinkType, string>> = { webui: T.webUi, cli: T.cli };

/** A web UI link needs a fresh one-time launch URL; a CLI link is a console page. */
async function openLink(link: TypedLink) {
  try {
    openUrl(link.type === 'webui' ? await launchSession(link.link_id) : link.url);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
  }
}

function LinksTable({ links }: { links: readonly TypedLink[] }) {
  const end = useEndSessionAction();
  if (links.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noLinks}
      </Text>
    );
  }
  return (
    <Table striped withTableBorder maw={720} aria-label={T.activeLinks}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.type}</Table.Th>
          <Table.Th>{T.created}</Table.Th>
          <Table.Th>{T.expiresIn}</Table.Th>
          <Table.Th aria-label={T.actions} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {links.map((link) => (
          <Table.Tr key={link.link_id}>
            <Table.Td>{TYPE_LABELS[link.type]}</Table.Td>
            <Table.Td>{formatDateTime(link.created_at)}</Table.Td>
            <Table.Td>{formatUptime(link.ttl)}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="compact-xs" variant="light" onClick={() => void openLink(link)}>
                  {T.open}
                </Button>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={() => end(link.link_id)}
                >
                  {T.end}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The caller's own active web UI and CLI links to the device, to reopen or end. */
export function DeviceLinks({ deviceId }: { deviceId: number }) {
  const webUi = useDeviceLinks(deviceId, 'webui');
  const cli = useDeviceLinks(deviceId, 'cli');
  return (
    <QueryState result={webUi} canRetry={false} loaderPadding="md">
      {(webUiLinks) => (
        <QueryState result={cli} canRetry={false} loaderPadding="md">
          {(cliLinks) => (
            <LinksTable
              links={[
                ...webUiLinks.map((link) => ({ ...link, type: 'webui' as const })),
                ...cliLinks.map((link) => ({ ...link, type: 'cli' as const })),
              ]}
            />
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
