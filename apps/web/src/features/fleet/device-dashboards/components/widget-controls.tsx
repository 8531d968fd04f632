import { ActionIcon, Box, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type DragEvent, type HTMLAttributes, useState } from 'react';
import { moveWidget, moveWidgetTo, removeWidget, type WidgetList } from '../model/widgets';
import { DASHBOARD_TEXTS as T } from '../texts';
import type { DropProps } from './widgets';

type Change = (next: (widgets: WidgetList) => WidgetList) => void;

/** What makes the grip a drag source. */
export type DragHandleProps = Pick<
  HTMLAttributes<HTMLElement>,
  'draggable' | 'onDragStart' | 'onDragEnd'
>;

/**
 * Native drag and drop of widgets: a widget is picked up by its grip (the card itself stays free
 * for the charts' own drag-to-zoom) and dropped on another widget's card, taking its place. The
 * up/down buttons are the keyboard's way to do the same.
 */
export function useWidgetDrag(change: Change, enabled: boolean) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const reset = () => {
    setDragged(null);
    setOver(null);
  };

  const handle = (index: number): DragHandleProps | undefined =>
    enabled
      ? {
          draggable: true,
          onDragStart: (event: DragEvent<HTMLElement>) => {
            setDragged(index);
            event.dataTransfer.effectAllowed = 'move';
            // Firefox starts a drag only with data; the index itself stays in state.
            event.dataTransfer.setData('text/plain', String(index));
            const card = event.currentTarget.closest('section');
            if (card) event.dataTransfer.setDragImage(card, 16, 16);
          },
          onDragEnd: reset,
        }
      : undefined;

  const drop = (index: number): DropProps | undefined =>
    enabled
      ? {
          dropping: dragged !== null && over === index && dragged !== index,
          onDragOver: (event: DragEvent<HTMLElement>) => {
            if (dragged === null) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(index);
          },
          onDragLeave: () => setOver((current) => (current === index ? null : current)),
          onDrop: (event: DragEvent<HTMLElement>) => {
            if (dragged === null) return;
            event.preventDefault();
            const from = dragged;
            reset();
            if (from !== index) change((widgets) => moveWidgetTo(widgets, from, index));
          },
        }
      : undefined;

  return { handle, drop };
}

interface WidgetControlsProps {
  index: number;
  count: number;
  title: string;
  busy: boolean;
  change: Change;
  handle: DragHandleProps | undefined;
}

/** A widget's editing controls: its grip, move up/down (the keyboard's path) and remove. */
export function WidgetControls({ index, count, title, busy, change, handle }: WidgetControlsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {handle && count > 1 && !busy && (
        // Pointer only (the buttons beside it are the keyboard's path): hidden from assistive tech.
        <Box
          component="span"
          aria-hidden
          title={T.dragHandle(title)}
          c="dimmed"
          style={{ cursor: 'grab', display: 'inline-flex' }}
          {...handle}
        >
          <IconGripVertical size={16} />
        </Box>
      )}
      <ActionIcon
        variant="subtle"
        aria-label={T.moveUp}
        disabled={busy || index === 0}
        onClick={() => change((widgets) => moveWidget(widgets, index, -1))}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={T.moveDown}
        disabled={busy || index === count - 1}
        onClick={() => change((widgets) => moveWidget(widgets, index, 1))}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={T.removeWidget}
        disabled={busy}
        onClick={() => change((widgets) => removeWidget(widgets, index))}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
