import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { TemplatesTable } from '../components/templates-table';
import { CREATE_TEMPLATE_ROUTE } from '../paths';
import { TEMPLATE_TEXTS } from '../texts';

/** Route `monitoring-templates`: the templates of every company the user can see. */
export function TemplatesPage() {
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: TEMPLATE_TEXTS.templates }]} />
      <Group justify="space-between">
        <Title order={2}>{TEMPLATE_TEXTS.templates}</Title>
        <Button
          component={Link}
          to={CREATE_TEMPLATE_ROUTE}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {TEMPLATE_TEXTS.newTemplate}
        </Button>
      </Group>
      <TemplatesTable />
    </Stack>
  );
}
