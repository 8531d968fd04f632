import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SHARED_TEXTS } from '@/components/texts';

export interface BreadcrumbItem {
  label: string;
  /** Where a parent links; the last item is the current page and never links. */
  to?: string;
}

/** Spec §2: the parents, then the current page's title. */
export function PageBreadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  if (items.length === 0) return null;
  const last = items.length - 1;
  return (
    <nav aria-label={SHARED_TEXTS.breadcrumb}>
      <Breadcrumbs separatorMargin={6}>
        {items.map((item, index) =>
          index === last || item.to === undefined ? (
            <Text
              key={`${index}-${item.label}`}
              size="sm"
              c={index === last ? undefined : 'dimmed'}
              aria-current={index === last ? 'page' : undefined}
            >
              {item.label}
            </Text>
          ) : (
            <Anchor key={`${index}-${item.label}`} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
