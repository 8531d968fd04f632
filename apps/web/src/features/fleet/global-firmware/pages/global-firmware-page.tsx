import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { FirmwareTable } from '../components/firmware-table';
import { useFirmwareActions } from '../components/use-firmware-actions';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';

/** Route `global-firmware`: firmware every company may send to its devices, and its upload. */
export function GlobalFirmwarePage() {
  const actions = useFirmwareActions();
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title }]} />
      <Group justify="space-between">
        <Title order={2}>{T.title}</Title>
        <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={actions.upload}>
          {T.upload}
        </Button>
      </Group>
      <Text c="dimmed">{T.intro}</Text>
      <FirmwareTable actions={actions} />
    </Stack>
  );
}
