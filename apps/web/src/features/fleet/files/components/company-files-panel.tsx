import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Company } from '@netfleet/contracts';
import { FILES_TEXTS as T } from '../texts';
import { FilesTable } from './files-table';
import { useFileActions } from './use-file-actions';

/**
 * The company page's files tab (spec §2): the files table held to the company, uploads going to
 * it. The app layer adds it to the company page.
 */
export function CompanyFilesPanel({ company }: { company: Pick<Company, 'id' | 'name'> }) {
  const target = useMemo(
    () => ({ id: company.id, name: company.name }),
    [company.id, company.name],
  );
  const actions = useFileActions(target);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">{T.companyIntro}</Text>
        {actions.upload && (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={actions.upload}>
            {T.upload}
          </Button>
        )}
      </Group>
      <FilesTable actions={actions} companyId={company.id} />
    </Stack>
  );
}
