import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

export interface Offset {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
}

/** How much of a dragged dialog stays on screen, so its header can always be grabbed again. */
export const DRAG_KEEP_VISIBLE_PX = 48;

/**
 * The offset a drag may move a dialog by: its header stays below the top edge and at least
 * DRAG_KEEP_VISIBLE_PX of it stays inside the window on every other side.
 */
export function clampDrag(
  start: Box,
  dx: number,
  dy: number,
  viewport: { width: number; height: number },
): Offset {
  const minX = DRAG_KEEP_VISIBLE_PX - (start.left + start.width);
  const maxX = viewport.width - DRAG_KEEP_VISIBLE_PX - start.left;
  const minY = -start.top;
  const maxY = viewport.height - DRAG_KEEP_VISIBLE_PX - start.top;
  return {
    x: Math.min(Math.max(dx, minX), Math.max(minX, maxX)),
    y: Math.min(Math.max(dy, minY), Math.max(minY, maxY)),
  };
}

interface DragState {
  pointerId: number;
  startX: number;
  startY: number;
  origin: Offset;
  box: Box;
}

// Presses on the header's own controls are clicks, not drags.
const INTERACTIVE = 'button, a, input, select, textarea, [role="button"]';

/**
 * Drag a dialog by its header with pointer events (mouse, pen and touch alike). Move and up are
 * followed on the window so a fast pointer that leaves the header does not drop the dialog.
 */
export function useDrag(getBox: () => Box | null) {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const stop = useRef<(() => void) | null>(null);

  useEffect(() => () => stop.current?.(), []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || (event.target as Element).closest(INTERACTIVE)) return;
      const box = getBox();
      if (!box) return;
      event.preventDefault();
      const start: DragState = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        // The box already includes the current offset; the clamp works on the move from here.
        origin: offset,
        box,
      };
      const move = (next: globalThis.PointerEvent) => {
        if (next.pointerId !== start.pointerId) return;
        const moved = clampDrag(
          start.box,
          next.clientX - start.startX,
          next.clientY - start.startY,
          {
            width: window.innerWidth,
            height: window.innerHeight,
          },
        );
        setOffset({ x: start.origin.x + moved.x, y: start.origin.y + moved.y });
      };
      const up = (next: globalThis.PointerEvent) => {
        if (next.pointerId === start.pointerId) stop.current?.();
      };
      stop.current?.();
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', up);
      stop.current = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', up);
        stop.current = null;
      };
    },
    [getBox, offset],
  );

  return { offset, onPointerDown };
}
