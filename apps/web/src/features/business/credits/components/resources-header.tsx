import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type BreadcrumbItem } from '@/components/breadcrumbs';
import { POOLS_ROUTE } from '../paths';
import { CREDIT_TEXTS } from '../texts';
import { ResourcesNav, type ResourcesSection } from './resources-nav';

const ADMINISTRATION: BreadcrumbItem = { label: CREDIT_TEXTS.administration };

interface ResourcesHeaderProps {
  title: string;
  section: ResourcesSection;
  actions?: ReactNode;
}

/** Breadcrumbs, title, actions and the section tabs shared by the /resources pages. */
export function ResourcesHeader({ title, section, actions }: ResourcesHeaderProps) {
  const parents: BreadcrumbItem[] =
    section === 'pools'
      ? [ADMINISTRATION]
      : [ADMINISTRATION, { label: CREDIT_TEXTS.resources, to: POOLS_ROUTE }];
  return (
    <Stack gap="sm">
      <PageBreadcrumbs items={[...parents, { label: title }]} />
      <Group justify="space-between" gap="sm">
        <Title order={2}>{title}</Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <ResourcesNav active={section} />
    </Stack>
  );
}
