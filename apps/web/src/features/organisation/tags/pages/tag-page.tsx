import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { hasPermission, type Tag } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { formatDateTime } from '@/components/data-table';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useTag } from '../api/get-tag';
import { TagName } from '../components/tag-name';
import { useTagActions } from '../components/use-tag-actions';
import { TAGS_ROUTE } from '../paths';
import { TAG_TEXTS } from '../texts';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

function TagDetails({ tag }: { tag: Tag }) {
  const { permissions } = useCurrentUser();
  const actions = useTagActions();
  const navigate = useNavigate();
  const company = hasPermission(permissions, 'view_companies') ? (
    <Anchor component={Link} to={`/companies/${tag.company_id}`} size="sm">
      {tag.company_name}
    </Anchor>
  ) : (
    tag.company_name
  );
  const rows: [string, ReactNode][] = [
    [TAG_TEXTS.name, tag.name],
    [TAG_TEXTS.color, <TagName color={tag.color}>{tag.color ?? TAG_TEXTS.defaultColor}</TagName>],
    [TAG_TEXTS.description, tag.description || TAG_TEXTS.none],
    [TAG_TEXTS.company, company],
    [TAG_TEXTS.devices, tag.devices_count],
    [TAG_TEXTS.createdAt, formatDateTime(tag.created_at)],
    [TAG_TEXTS.updatedAt, formatDateTime(tag.updated_at)],
  ];
  return (
    <Stack gap="md">
      {actions.allowed && (
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => actions.edit(tag)}
          >
            {TAG_TEXTS.edit}
          </Button>
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => actions.remove([tag], () => void navigate(TAGS_ROUTE))}
          >
            {TAG_TEXTS.delete}
          </Button>
        </Group>
      )}
      <Table variant="vertical" withTableBorder maw={640} aria-label={TAG_TEXTS.details}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function TagView({ id }: { id: number }) {
  const query = useTag(id);
  let title: string = TAG_TEXTS.tag;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={TAG_TEXTS.loading} />
      </Center>
    );
  } else if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    title = notFound ? TAG_TEXTS.notFound : TAG_TEXTS.tag;
    body = <Alert color="red" title={notFound ? TAG_TEXTS.notFound : query.error.message} />;
  } else {
    title = query.data.name;
    body = <TagDetails tag={query.data} />;
  }
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: TAG_TEXTS.tags, to: TAGS_ROUTE }, { label: title }]} />
      <Title order={2}>{title}</Title>
      {body}
    </Stack>
  );
}

/** Route `tag` (/tag/:id): one tag with its edit and delete actions. */
export function TagPage() {
  const { id = '' } = useParams();
  if (!ID_PATTERN.test(id)) {
    return (
      <Stack gap="md">
        <PageBreadcrumbs
          items={[{ label: TAG_TEXTS.tags, to: TAGS_ROUTE }, { label: TAG_TEXTS.notFound }]}
        />
        <Text c="red">{TAG_TEXTS.notFound}</Text>
      </Stack>
    );
  }
  return <TagView key={id} id={Number(id)} />;
}
