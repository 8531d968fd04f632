import { IconInfoCircle, IconPencil, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import type { AccessRule } from '@netfleet/contracts';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import type { AccessActions } from './use-access-actions';

/** A rule's actions: info for everyone, connect, edit and delete with manage rights. */
export function AccessRuleMenu({ rule, actions }: { rule: AccessRule; actions: AccessActions }) {
  const items: RowMenuItem[] = [
    { label: T.info, icon: <IconInfoCircle size={14} />, onClick: () => actions.info(rule) },
  ];
  if (actions.allowed) {
    items.unshift({
      label: T.connect,
      icon: <IconPlugConnected size={14} />,
      onClick: () => actions.connect(rule),
    });
    items.push(
      { label: T.edit, icon: <IconPencil size={14} />, onClick: () => actions.edit(rule) },
      {
        label: T.delete,
        icon: <IconTrash size={14} />,
        color: 'red',
        onClick: () => actions.remove([rule]),
      },
    );
  }
  return <RowMenu label={rule.name} items={items} />;
}
