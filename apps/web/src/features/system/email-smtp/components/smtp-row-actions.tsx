import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconMailForward, IconPencil, IconTrash } from '@tabler/icons-react';
import type { EmailConfiguration } from '@netfleet/contracts';
import { EMAIL_SMTP_TEXTS as TEXTS } from '../texts';

export interface SmtpRowHandlers {
  onEdit: (configuration: EmailConfiguration) => void;
  onTest: (configuration: EmailConfiguration) => void;
  onDelete: (configuration: EmailConfiguration) => void;
  /** The configuration whose test mail is on its way (the server waits up to 10 s). */
  testing: number | null;
}

export function SmtpRowActions({
  configuration,
  handlers,
}: {
  configuration: EmailConfiguration;
  handlers: SmtpRowHandlers;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={TEXTS.actionsFor(configuration.name)}
          loading={handlers.testing === configuration.id}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={14} />}
          onClick={() => handlers.onEdit(configuration)}
        >
          {TEXTS.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMailForward size={14} />}
          onClick={() => handlers.onTest(configuration)}
        >
          {TEXTS.sendTest}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => handlers.onDelete(configuration)}
        >
          {TEXTS.remove}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
