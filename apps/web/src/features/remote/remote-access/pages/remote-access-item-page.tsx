import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconPencil, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AccessRule } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { isApiError } from '@/lib/api-client';
import { useAccessRule } from '../api/get-access-rule';
import { RuleDetails } from '../components/rule-details';
import { RuleSessions } from '../components/rule-sessions';
import { useAccessActions } from '../components/use-access-actions';
import { REMOTE_ACCESS_ROUTE } from '../paths';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

function RuleView({ rule }: { rule: AccessRule }) {
  const actions = useAccessActions();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      {actions.allowed && (
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconPlugConnected size={14} aria-hidden />}
            onClick={() => actions.connect(rule)}
          >
            {T.connect}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => actions.edit(rule)}
          >
            {T.edit}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => actions.remove([rule], () => void navigate(REMOTE_ACCESS_ROUTE))}
          >
            {T.delete}
          </Button>
        </Group>
      )}
      <RuleDetails rule={rule} />
      <Title order={4}>{T.sessions}</Title>
      <RuleSessions accessId={rule.id} activeOnly={false} />
    </Stack>
  );
}

function RuleLoader({ id }: { id: number }) {
  const query = useAccessRule(id);
  let title: string = T.rule;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={T.loading} />
      </Center>
    );
  } else if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    title = notFound ? T.notFound : T.rule;
    body = <Alert color="red" title={notFound ? T.notFound : query.error.message} />;
  } else {
    title = query.data.name;
    body = <RuleView rule={query.data} />;
  }
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: T.remoteAccess, to: REMOTE_ACCESS_ROUTE }, { label: title }]}
      />
      <Title order={2}>{title}</Title>
      {body}
    </Stack>
  );
}

/** Route `remote.access.item` (/remote/access/:id): one rule, its sessions, connect. */
export function RemoteAccessItemPage() {
  const { id = '' } = useParams();
  if (!ID_PATTERN.test(id)) {
    return (
      <Stack gap="md">
        <PageBreadcrumbs
          items={[{ label: T.remoteAccess, to: REMOTE_ACCESS_ROUTE }, { label: T.notFound }]}
        />
        <Alert color="red" title={T.notFound} />
      </Stack>
    );
  }
  // Keyed by id: another rule starts from its own data.
  return <RuleLoader key={id} id={Number(id)} />;
}
