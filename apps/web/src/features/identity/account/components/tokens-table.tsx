import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { PersonalAccessToken } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { ACCOUNT_TEXTS } from '../texts';

interface TokensTableProps {
  tokens: readonly PersonalAccessToken[];
  onRevoke: (token: PersonalAccessToken) => void;
}

const dateOrNever = (value: string | null) => (value ? formatDateTime(value) : ACCOUNT_TEXTS.never);

export function TokensTable({ tokens, onRevoke }: TokensTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label={ACCOUNT_TEXTS.tokensLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{ACCOUNT_TEXTS.name}</Table.Th>
            <Table.Th>{ACCOUNT_TEXTS.scopes}</Table.Th>
            <Table.Th>{ACCOUNT_TEXTS.created}</Table.Th>
            <Table.Th>{ACCOUNT_TEXTS.lastUsed}</Table.Th>
            <Table.Th>{ACCOUNT_TEXTS.expires}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{ACCOUNT_TEXTS.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {token.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {token.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="light" size="sm" tt="none">
                      {scope}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(token.created_at)}</Table.Td>
              <Table.Td>{dateOrNever(token.last_used_at)}</Table.Td>
              <Table.Td>{dateOrNever(token.expires_at)}</Table.Td>
              <Table.Td>
                <Tooltip label={ACCOUNT_TEXTS.revokeToken}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={ACCOUNT_TEXTS.revokeTokenAria(token.name)}
                    onClick={() => onRevoke(token)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
