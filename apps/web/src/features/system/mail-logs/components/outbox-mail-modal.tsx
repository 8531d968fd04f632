import { Anchor, Button, Code, CopyButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { OutboxMail } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { MAIL_LOGS_TEXTS as T } from '../texts';

// http(s) only: whatever else a body holds stays text, so no other scheme becomes a link.
const LINK = /https?:\/\/[^\s<>"']+/g;

/** The links in a mail body, each once, in order. */
export const linksIn = (body: string): string[] => [...new Set(body.match(LINK) ?? [])];

interface OutboxMailModalProps {
  mail: OutboxMail | null;
  onClose: () => void;
}

export function OutboxMailModal({ mail, onClose }: OutboxMailModalProps) {
  const links = mail ? linksIn(mail.body) : [];
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.subject} size="xl">
      {mail ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm">{T.recipient(mail.to)}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(mail.created_at)}
            </Text>
          </Group>
          {/* Stored text, rendered as a text node: markup in it never runs. */}
          <Code block data-testid="outbox-mail-body" style={{ whiteSpace: 'pre-wrap' }}>
            {mail.body}
          </Code>
          {links.length > 0 ? (
            <Stack gap="xs">
              <Title order={5}>{T.links}</Title>
              {links.map((link) => (
                <Group key={link} gap="xs" wrap="nowrap">
                  <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" truncate>
                    {link}
                  </Anchor>
                  <CopyButton value={link}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-xs"
                        variant="light"
                        color={copied ? 'green' : undefined}
                        onClick={copy}
                        aria-label={T.copyLink(link)}
                      >
                        {copied ? T.copied : T.copy}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
