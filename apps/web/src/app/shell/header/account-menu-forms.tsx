import { Menu } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { openFormDialog } from '@/components/schema-form';
import { ACCOUNT_MENU_FORMS, FORMS } from '@/app/forms';

/** Spec §2 "Forms from the account menu": the built ones the user may submit, each in a dialog. */
export function AccountMenuForms() {
  const { permissions } = useCurrentUser();
  const forms = ACCOUNT_MENU_FORMS.flatMap((name) => FORMS[name] ?? []).filter(
    (form) => !form.permission || hasPermission(permissions, form.permission),
  );
  if (forms.length === 0) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Label>Forms</Menu.Label>
      {forms.map((form) => (
        <Menu.Item
          key={form.name}
          leftSection={<IconForms size={16} />}
          onClick={() => openFormDialog(form)}
        >
          {form.title}
        </Menu.Item>
      ))}
    </>
  );
}
