import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { pathCrumbs } from '../model/sftp-paths';
import { CONNECT_TEXTS } from '../texts';

interface SftpBreadcrumbsProps {
  path: string;
  onNavigate: (path: string) => void;
}

/** The folder's path, each parent a button that opens it. */
export function SftpBreadcrumbs({ path, onNavigate }: SftpBreadcrumbsProps) {
  const crumbs = pathCrumbs(path);
  return (
    <nav aria-label={CONNECT_TEXTS.path}>
      <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap' }}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.path} size="sm" fw={500} ff="monospace" aria-current="location">
              {crumb.label}
            </Text>
          ) : (
            <Anchor
              key={crumb.path}
              component="button"
              type="button"
              size="sm"
              ff="monospace"
              aria-label={index === 0 ? CONNECT_TEXTS.root : undefined}
              onClick={() => onNavigate(crumb.path)}
            >
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
