import { ActionIcon, AppShell, Group, ScrollArea, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NarrowNav } from './narrow-nav';
import { useMenu } from './use-menu';
import { WideNav } from './wide-nav';

interface NavigationProps {
  /** Narrow (icons only) on desktop; the mobile drawer is always wide. */
  narrow: boolean;
  onToggleWidth: () => void;
  showWidthToggle: boolean;
}

export function Navigation({ narrow, onToggleWidth, showWidthToggle }: NavigationProps) {
  const { t } = useTranslation();
  const menu = useMenu();
  const label = narrow ? t('nav.expand') : t('nav.collapse');
  return (
    <>
      <AppShell.Section grow component={ScrollArea} p={narrow ? 'xs' : 'sm'}>
        {narrow ? <NarrowNav menu={menu} /> : <WideNav menu={menu} />}
      </AppShell.Section>
      {showWidthToggle && (
        <AppShell.Section p="xs">
          <Group justify={narrow ? 'center' : 'flex-end'}>
            <Tooltip label={label} position="right">
              <ActionIcon variant="subtle" color="gray" onClick={onToggleWidth} aria-label={label}>
                {narrow ? (
                  <IconLayoutSidebarLeftExpand size={20} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>
        </AppShell.Section>
      )}
    </>
  );
}
