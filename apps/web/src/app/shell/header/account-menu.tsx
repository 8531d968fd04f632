import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuilding,
  IconChevronDown,
  IconHistory,
  IconLanguage,
  IconLogout,
  IconSettings,
  IconShieldCheck,
  IconTicket,
  IconTimezone,
  IconUserCancel,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import {
  APP_VERSION,
  hasPermission,
  pathForRouteName,
  routeByName,
  type CurrentUser,
} from '@netfleet/contracts';
import { useBrand } from '@/components/brand';
import { openNamedDialog } from '@/components/dialogs';
import { ResourceSummaryMenu } from '@/features/business/credits';
import { useCurrentUser } from '@/lib/current-user';
import { offeredLanguages } from '@/lib/i18n';
import { cancelImpersonation, logout } from '@/lib/session-actions';
import { usePages } from '@/app/router/pages-context';
import { AccountMenuForms } from './account-menu-forms';
import { DarkModeControl } from './dark-mode-control';
import { ImpersonationAccessItem } from './impersonation-access-item';
import { openLanguageModal } from './language-modal';
import { openTimezoneModal } from './timezone-modal';
import { useClearDateRange } from './use-clear-date-range';
import { useImpersonationAccess } from './use-impersonation-access';
import { useFailureToast } from '@/components/toasts';

function companyPath(user: CurrentUser, built: boolean): string | undefined {
  const route = routeByName('company.info');
  if (!built || !route || !hasPermission(user.permissions, 'view_companies')) return undefined;
  return generatePath(route.path, { company_id: String(user.company_id) });
}

/** Spec §2 Header account menu; each entry only under its condition. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const brand = useBrand();
  const pages = usePages();
  const failureToast = useFailureToast();
  const impersonationAccess = useImpersonationAccess(user);
  const clearDateRange = useClearDateRange();
  const company = companyPath(user, 'company.info' in pages);
  const canViewRole = hasPermission(user.permissions, 'view_permissions');
  const accountPath = !user.isImpersonating && 'account' in pages && pathForRouteName('account');
  const changelogPath = 'changelog' in pages && pathForRouteName('changelog');
  const resourcesPath =
    'services.pools' in pages &&
    hasPermission(user.permissions, 'view_credits') &&
    pathForRouteName('services.pools');
  const redeemPath =
    'redeem-code' in pages &&
    hasPermission(user.permissions, 'activate_credit_transfer_codes') &&
    pathForRouteName('redeem-code');
  const companyName = user.company_name || user.company.name;
  // Spec §2 "languages (when allowed)": only a choice between at least two is offered.
  const languages = offeredLanguages(brand.languages);

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.accountMenu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar
              src={user.avatar_url}
              size={26}
              radius="xl"
              name={user.email}
              color="initials"
            />
            <Text size="sm" visibleFrom="sm" truncate maw={200}>
              {user.email}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {company ? (
          <Menu.Item component={Link} to={company} leftSection={<IconBuilding size={16} />}>
            {companyName}
          </Menu.Item>
        ) : (
          <Menu.Label>{companyName}</Menu.Label>
        )}
        {canViewRole ? (
          <Menu.Item
            leftSection={<IconShieldCheck size={16} />}
            onClick={() =>
              void openNamedDialog('roles.permissions-table', {
                id: user.role_id,
                title: user.role_title,
              })
            }
          >
            {user.role_title}
          </Menu.Item>
        ) : (
          <Menu.Label>{user.role_title}</Menu.Label>
        )}
        <Menu.Divider />
        {accountPath && (
          <Menu.Item component={Link} to={accountPath} leftSection={<IconSettings size={16} />}>
            {t('header.accountSettings')}
          </Menu.Item>
        )}
        {impersonationAccess && <ImpersonationAccessItem user={user} />}
        <ResourceSummaryMenu resourcesPath={resourcesPath} />
        {redeemPath && (
          <Menu.Item component={Link} to={redeemPath} leftSection={<IconTicket size={16} />}>
            {t('header.activateCode')}
          </Menu.Item>
        )}
        <AccountMenuForms />
        <DarkModeControl />
        <Menu.Item
          leftSection={<IconTimezone size={16} />}
          onClick={() => openTimezoneModal(t('header.timezone'), clearDateRange)}
        >
          {t('header.timezone')}
        </Menu.Item>
        {languages.length > 1 && (
          <Menu.Item
            leftSection={<IconLanguage size={16} />}
            onClick={() => openLanguageModal(t('header.language'), languages)}
          >
            {t('header.language')}
          </Menu.Item>
        )}
        {changelogPath ? (
          <Menu.Item
            component={Link}
            to={changelogPath}
            leftSection={<IconHistory size={16} />}
            rightSection={<Text size="xs">{APP_VERSION}</Text>}
          >
            {t('header.changelog')}
          </Menu.Item>
        ) : (
          <Menu.Label>{t('header.version', { version: APP_VERSION })}</Menu.Label>
        )}
        <Menu.Divider />
        {user.isImpersonating && (
          <Menu.Item
            leftSection={<IconUserCancel size={16} />}
            onClick={() =>
              cancelImpersonation().catch(failureToast(t('header.cancelImpersonationFailed')))
            }
          >
            {t('header.cancelImpersonation')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
