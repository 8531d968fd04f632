import { Anchor, Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StatusUpdate } from '@netfleet/contracts';
import { ACTION_STATUS_TEXTS, STATUS_COLORS, STATUS_LABELS } from './texts';

// Links come from the server; only web and in-app links are followed, never javascript: URLs.
function StatusLink({ href }: { href: string }) {
  // A file of the API (an uploaded backup) downloads; it is no page of the app.
  if (href.startsWith('/api/'))
    return (
      <Anchor href={href} download size="sm">
        {ACTION_STATUS_TEXTS.download}
      </Anchor>
    );
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Anchor component={Link} to={href} size="sm">
        {ACTION_STATUS_TEXTS.open}
      </Anchor>
    );
  if (/^https?:\/\//i.test(href))
    return (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
        {ACTION_STATUS_TEXTS.open}
      </Anchor>
    );
  return null;
}

function StatusProgress({ progress }: { progress: NonNullable<StatusUpdate['progress']> }) {
  const { value, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.max(0, (value / total) * 100)) : 0;
  const label = ACTION_STATUS_TEXTS.progress(value, total);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={percent} flex={1} size="sm" aria-label={label} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

interface ActionStatusRowProps {
  label: string;
  update: StatusUpdate | undefined;
}

export function ActionStatusRow({ label, update }: ActionStatusRowProps) {
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        {update && (
          <Badge color={STATUS_COLORS[update.status]} variant="light" miw="max-content">
            {STATUS_LABELS[update.status]}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {update && (
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{update.value}</Text>
              {update.errorcode && (
                <Text size="xs" c="dimmed">
                  ({update.errorcode})
                </Text>
              )}
              {update.link && <StatusLink href={update.link} />}
            </Group>
            {update.progress && <StatusProgress progress={update.progress} />}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
