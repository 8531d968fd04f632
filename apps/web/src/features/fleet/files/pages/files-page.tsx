import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { FilesTable } from '../components/files-table';
import { useFileActions } from '../components/use-file-actions';
import { FILES_TEXTS as T } from '../texts';

/** Route `files`: the files of the user's companies, their upload, download and removal. */
export function FilesPage() {
  const actions = useFileActions();
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        {actions.upload && (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={actions.upload}>
            {T.upload}
          </Button>
        )}
      </Group>
      <Text c="dimmed">{T.intro}</Text>
      <FilesTable actions={actions} />
    </Stack>
  );
}
