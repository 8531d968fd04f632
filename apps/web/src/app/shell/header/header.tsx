import { Anchor, Burger, Button, Group, Text } from '@mantine/core';
import { IconShoppingCart, IconUserCancel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathForRouteName } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { cancelImpersonation } from '@/lib/session-actions';
import { BrandLogo, LOGO_TARGET, useBrand } from '@/components/brand';
import { NoticesControl } from '@/features/system/notices';
import { NotificationsBell } from '@/features/system/notifications';
import { usePages } from '@/app/router/pages-context';
import { AccountMenu } from './account-menu';
import { GlobalSearch } from './global-search';
import { HelpPanelButton } from '@/app/help';
import { useFailureToast } from '@/components/toasts';

interface HeaderProps {
  narrow: boolean;
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  /** Hides every control (the 'Please enter your email address' modal is open). */
  controlsHidden: boolean;
  /** A mobile platform asked for the mobile layout: the menu button shows at any width. */
  mobileLayout?: boolean;
}

export function Header({
  narrow,
  mobileNavOpened,
  onToggleMobileNav,
  controlsHidden,
  mobileLayout = false,
}: HeaderProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useCurrentUser();
  const pages = usePages();
  const failureToast = useFailureToast();
  const buyPath = pathForRouteName('services.pools');
  const notificationsPath = 'notifications.main' in pages && pathForRouteName('notifications.main');
  const showBuy = brand.default_theme && user.show_payment && 'services.pools' in pages && buyPath;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {!controlsHidden && (
          <Burger
            opened={mobileNavOpened}
            onClick={onToggleMobileNav}
            hiddenFrom={mobileLayout ? undefined : 'sm'}
            size="sm"
            aria-label={mobileNavOpened ? t('nav.closeMenu') : t('nav.openMenu')}
          />
        )}
        <Anchor
          component={Link}
          to={LOGO_TARGET}
          aria-label={brand.application_name}
          underline="never"
        >
          <Group gap={8} wrap="nowrap">
            <BrandLogo collapsed={narrow} h={32} />
            {!narrow && !mobileLayout && brand.logo_subtext && (
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {brand.logo_subtext}
              </Text>
            )}
          </Group>
        </Anchor>
      </Group>
      {!controlsHidden && (
        <Group gap="sm" wrap="nowrap">
          {user.isImpersonating && (
            <Button
              size="xs"
              color="orange"
              leftSection={<IconUserCancel size={16} />}
              onClick={() =>
                cancelImpersonation().catch(failureToast(t('header.cancelImpersonationFailed')))
              }
            >
              {t('header.cancelImpersonation')}
            </Button>
          )}
          {showBuy && (
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={buyPath}
              leftSection={<IconShoppingCart size={16} />}
            >
              {t('header.buy')}
            </Button>
          )}
          <HelpPanelButton />
          <GlobalSearch />
          <NoticesControl />
          <NotificationsBell {...(notificationsPath ? { viewAllPath: notificationsPath } : {})} />
          <AccountMenu />
        </Group>
      )}
    </Group>
  );
}
