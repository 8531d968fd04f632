import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { ImagesTable } from '../components/images-table';
import { useImageActions } from '../components/use-image-actions';
import { IMAGES_TEXTS as T } from '../texts';

/** Route `images`: the dashboard pictures of the user's companies. */
export function ImagesPage() {
  const actions = useImageActions();
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
      <ImagesTable actions={actions} />
    </Stack>
  );
}
