import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Company } from '@netfleet/contracts';
import { TAG_TEXTS } from '../texts';
import { TagsTable } from './tags-table';
import { useTagActions } from './use-tag-actions';

/** The company page's tags tab: this company's tags; new ones are created in it. */
export function CompanyTagsPanel({ company }: { company: Company }) {
  const actions = useTagActions();
  return (
    <Stack gap="md">
      {actions.allowed && (
        <Group>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => actions.create(company.id)}
          >
            {TAG_TEXTS.newTag}
          </Button>
        </Group>
      )}
      <TagsTable key={company.id} companyId={company.id} />
    </Stack>
  );
}

/**
 * The tab the app layer adds to the company page (its CompanyTab shape): /companies/{id}/tags,
 * spec route name company.tags.
 */
export const companyTagsTab = {
  value: 'tags',
  label: TAG_TEXTS.tags,
  permission: 'view_tags',
  panel: CompanyTagsPanel,
} as const;
