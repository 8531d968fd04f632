import { ActionIcon, Box, Group, Modal, Text } from '@mantine/core';
import {
  IconHelpCircle,
  IconMinus,
  IconWindowMaximize,
  IconWindowMinimize,
} from '@tabler/icons-react';
import { useCallback, useMemo, useRef } from 'react';
import { useBrand } from '@/components/brand';
import { DialogContext } from './dialog-context';
import { useDialogHelp } from './dialog-help';
import { dialogs } from './dialog-store';
import { helpLink } from './help-link';
import { DIALOG_TEXTS } from './texts';
import type { DialogContextValue, DialogEntry } from './types';
import { useDrag } from './use-drag';

interface DialogWindowProps {
  entry: DialogEntry;
  /** The top dialog has the overlay, traps focus and locks the page scroll. */
  top: boolean;
}

/** One managed dialog: a draggable header with its window buttons, and the content. */
export function DialogWindow({ entry, top }: DialogWindowProps) {
  const { options, minimized, maximized } = entry;
  const { id } = options;
  const contentRef = useRef<HTMLDivElement>(null);
  const getBox = useCallback(() => contentRef.current?.getBoundingClientRect() ?? null, []);
  const { offset, onPointerDown } = useDrag(getBox);
  const context = useMemo<DialogContextValue>(() => ({ id, close: () => dialogs.close(id) }), [id]);
  const content =
    typeof options.content === 'function' ? options.content(context) : options.content;
  const helpUrl = helpLink(options.helpUrl, useBrand().docs_url);
  const openHelp = useDialogHelp();

  return (
    <Modal.Root
      opened={!minimized}
      onClose={context.close}
      size={options.size ?? 'md'}
      fullScreen={maximized}
      // Minimised dialogs keep their state (a half-filled form) and their pending work.
      keepMounted
      keepMountedMode="display-none"
      // DialogHost closes only the top dialog on Escape; an outside click must not lose a form.
      closeOnEscape={false}
      closeOnClickOutside={false}
      trapFocus={top}
      lockScroll={top}
      // DialogHost's container keeps stacking order in the DOM; see there.
      withinPortal={false}
      // Through the Styles API: a `style` on Modal.Content would also land on its fixed container.
      styles={
        maximized ? undefined : { content: { position: 'relative', left: offset.x, top: offset.y } }
      }
    >
      {top && <Modal.Overlay />}
      <Modal.Content ref={contentRef} data-dialog-id={id}>
        <Modal.Header
          onPointerDown={maximized ? undefined : onPointerDown}
          style={maximized ? undefined : { cursor: 'move', touchAction: 'none' }}
        >
          <Box miw={0}>
            <Modal.Title fw={600}>{options.title}</Modal.Title>
            {options.subtitle !== undefined && (
              <Text size="sm" c="dimmed" mt={4}>
                {options.subtitle}
              </Text>
            )}
          </Box>
          <Group gap={4} wrap="nowrap" ml="auto">
            {helpUrl !== undefined ? (
              <ActionIcon
                component="a"
                href={helpUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                aria-label={DIALOG_TEXTS.help}
              >
                <IconHelpCircle size={18} />
              </ActionIcon>
            ) : (
              openHelp !== null && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={DIALOG_TEXTS.help}
                  onClick={() => openHelp(options.helpTopic)}
                >
                  <IconHelpCircle size={18} />
                </ActionIcon>
              )
            )}
            {options.minimizable !== false && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={DIALOG_TEXTS.minimize}
                onClick={() => dialogs.minimize(id)}
              >
                <IconMinus size={18} />
              </ActionIcon>
            )}
            {options.maximizable === true && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={maximized ? DIALOG_TEXTS.restoreSize : DIALOG_TEXTS.maximize}
                onClick={() => dialogs.toggleMaximized(id)}
              >
                {maximized ? <IconWindowMinimize size={18} /> : <IconWindowMaximize size={18} />}
              </ActionIcon>
            )}
            <Modal.CloseButton aria-label={DIALOG_TEXTS.close} ml={0} />
          </Group>
        </Modal.Header>
        <Modal.Body>
          <DialogContext value={context}>{content}</DialogContext>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
