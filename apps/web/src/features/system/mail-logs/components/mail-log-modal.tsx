import { Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { MailLog } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { MAIL_LOGS_TEXTS as T } from '../texts';
import { MailLogStatusBadge } from './mail-log-status-badge';

interface MailLogModalProps {
  log: MailLog | null;
  onClose: () => void;
}

export function MailLogModal({ log, onClose }: MailLogModalProps) {
  return (
    <Modal opened={log !== null} onClose={onClose} title={log?.subject} size="xl">
      {log ? (
        <Stack gap="sm">
          <Group gap="xs">
            <MailLogStatusBadge status={log.status} />
            <Text size="sm">{T.recipient(log.to)}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(log.created_at)}
            </Text>
          </Group>
          {log.error ? (
            <Text size="sm" c="red">
              {log.error}
            </Text>
          ) : null}
          {/* Mail bodies are stored text: rendered as a text node so markup in them never runs. */}
          <Code block data-testid="mail-log-body" style={{ whiteSpace: 'pre-wrap' }}>
            {log.body}
          </Code>
        </Stack>
      ) : null}
    </Modal>
  );
}
