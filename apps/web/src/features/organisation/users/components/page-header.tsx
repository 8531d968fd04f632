import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type BreadcrumbItem } from '@/components/breadcrumbs';

interface PageHeaderProps {
  title: string;
  /** The parents; the title is added as the current page. */
  parents: readonly BreadcrumbItem[];
  actions?: ReactNode;
}

export function PageHeader({ title, parents, actions }: PageHeaderProps) {
  return (
    <Stack gap={4}>
      <PageBreadcrumbs items={[...parents, { label: title }]} />
      <Group justify="space-between" gap="sm">
        <Title order={2}>{title}</Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
