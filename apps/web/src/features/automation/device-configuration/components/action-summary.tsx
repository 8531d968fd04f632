import { Anchor, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ConfigAction } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { actionLink } from '../paths';
import { CONFIG_TEXTS as T, KIND_LABELS } from '../texts';
import { ActionCounts } from './action-counts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The action at a glance: what sent it and when, the requests, and how far its devices are. */
export function ActionSummary({ action }: { action: ConfigAction }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label={T.kind}>{KIND_LABELS[action.kind]}</Fact>
          <Fact label={T.template}>{action.template_name ?? T.none}</Fact>
          <Fact label={T.createdAt}>{formatDateTime(action.created_at)}</Fact>
          <Fact label={T.user}>{action.user_email ?? T.none}</Fact>
          {action.rollback_of !== null && (
            <Fact label={T.rollsBack}>
              <Anchor component={Link} to={actionLink(action.rollback_of)} size="sm">
                {action.rollback_of}
              </Anchor>
            </Fact>
          )}
        </SimpleGrid>
        {action.requests.length > 0 && (
          <Fact label={T.requestsSent}>
            <Group gap={6}>
              {action.requests.map((request, index) => (
                <Code key={index}>{`${request.method} ${request.path}`}</Code>
              ))}
            </Group>
          </Fact>
        )}
        <Group gap="md" align="center">
          <Text size="sm" fw={500}>
            {T.devicesCount(action.devices)}
          </Text>
          <ActionCounts action={action} large />
        </Group>
      </Stack>
    </Paper>
  );
}
