import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowsMove, IconDots, IconPencil, IconSettings, IconTrash } from '@tabler/icons-react';
import type { CompanyRef } from '../api/delete-company';
import { COMPANY_TEXTS } from '../texts';
import type { CompanyActions } from './use-company-actions';

interface CompanyRowMenuProps {
  company: CompanyRef;
  actions: CompanyActions;
}

/** The row menu of the companies table: edit, settings, move, delete. */
export function CompanyRowMenu({ company, actions }: CompanyRowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={COMPANY_TEXTS.rowActions(company.name)}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.edit(company)}>
          {COMPANY_TEXTS.edit}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => actions.flags(company)}>
          {COMPANY_TEXTS.flags}
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => actions.move(company)}>
          {COMPANY_TEXTS.move}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => actions.remove(company)}
        >
          {COMPANY_TEXTS.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
