import { ActionIcon, Drawer, getDefaultZIndex, Stack, Text, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { registerDialogHelp } from '@/components/dialogs';
import { helpForTopic, type HelpEntry } from './help-content';
import { HELP_TEXTS } from './texts';
import { useSettledRouteName } from './use-settled-route-name';

export const HELP_PANEL_TEXTS = HELP_TEXTS.panel;

/** Keys typed into a field are the field's: `?` only opens help elsewhere. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function HelpContent({ help }: { help: HelpEntry }) {
  return (
    <Stack gap="sm">
      {help.paragraphs.map((paragraph) => (
        <Text key={paragraph} size="sm">
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Spec §2 shell: the optional help side panel, opened from the header's help button or with `?`,
 * showing the help of the current route (see ./help-content); a dialog's help button opens it on
 * the dialog's topic when the brand has no external docs.
 */
export function HelpPanelButton() {
  const [opened, setOpened] = useState(false);
  // A dialog's topic, until the panel is opened from the header again.
  const [topic, setTopic] = useState<string | null>(null);
  const help = helpForTopic(topic, useSettledRouteName());
  const toggle = () => {
    setTopic(null);
    setOpened((open) => !open);
  };

  useEffect(
    () =>
      registerDialogHelp((dialogTopic) => {
        setTopic(dialogTopic ?? null);
        setOpened(true);
      }),
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      setTopic(null);
      setOpened((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Tooltip label={HELP_PANEL_TEXTS.open} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={HELP_PANEL_TEXTS.open}
          aria-expanded={opened}
          onClick={toggle}
        >
          <IconHelp size={20} />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="sm"
        title={help.title}
        closeButtonProps={{ 'aria-label': HELP_PANEL_TEXTS.close }}
        // The page stays usable beside the panel: it is help, not a dialog that blocks.
        withOverlay={false}
        lockScroll={false}
        trapFocus={false}
        aria-label={HELP_PANEL_TEXTS.label}
        // Above the managed dialogs (modal level), whose help it may be showing.
        zIndex={getDefaultZIndex('modal') + 1}
      >
        <HelpContent help={help} />
      </Drawer>
    </>
  );
}
