import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconForms } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import { ACCOUNT_MENU_FORMS, registeredFormDialog } from '@/app/forms';

async function openForm(name: string) {
  dialogs.open(await registeredFormDialog(name));
}

/**
 * Spec §2 "Forms from the account menu": the built ones the user may submit, in a submenu so the
 * account menu stays short; each opens in a dialog, its definition loaded when chosen.
 */
export function AccountMenuForms() {
  const { t } = useTranslation();
  const { permissions } = useCurrentUser();
  const forms = ACCOUNT_MENU_FORMS.filter((form) => hasPermission(permissions, form.permission));
  if (forms.length === 0) return null;
  return (
    <Menu.Sub position="left-start">
      <Menu.Sub.Target>
        <Menu.Sub.Item leftSection={<IconForms size={16} />}>{t('header.forms')}</Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown>
        {forms.map((form) => (
          <Menu.Item key={form.name} onClick={() => void openForm(form.name)}>
            {form.title}
          </Menu.Item>
        ))}
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
