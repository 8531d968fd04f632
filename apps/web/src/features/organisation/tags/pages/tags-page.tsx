import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { useCurrentUser } from '@/lib/current-user';
import { TagsTable } from '../components/tags-table';
import { useTagActions } from '../components/use-tag-actions';
import { TAG_TEXTS } from '../texts';

/** Route `tags`: the tags of every company the user can see. */
export function TagsPage() {
  const { company_id: ownCompanyId } = useCurrentUser();
  const actions = useTagActions();
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: TAG_TEXTS.tags }]} />
      <Group justify="space-between">
        <Title order={2}>{TAG_TEXTS.tags}</Title>
        {actions.allowed && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => actions.create(ownCompanyId)}
          >
            {TAG_TEXTS.newTag}
          </Button>
        )}
      </Group>
      <TagsTable />
    </Stack>
  );
}
