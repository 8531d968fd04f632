import { getDefaultZIndex, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

const DOCK_ID = 'minimized-dock';

/** The one bottom-left row, created on first use, that every group of chips is portalled into. */
function dockElement(): HTMLElement {
  const existing = document.getElementById(DOCK_ID);
  if (existing) return existing;
  const dock = document.createElement('div');
  dock.id = DOCK_ID;
  Object.assign(dock.style, {
    position: 'fixed',
    left: '16px',
    bottom: '16px',
    right: '16px',
    display: 'flex',
    flexWrap: 'wrap-reverse',
    gap: '8px',
    pointerEvents: 'none',
    // Above the dialogs' overlay, so a minimised window can be brought back over an open one.
    zIndex: String(getDefaultZIndex('modal')),
  });
  document.body.append(dock);
  return dock;
}

/**
 * Spec §4 Modals: minimised windows wait as chips in the bottom-left corner. Minimised dialogs and
 * minimised 'Action status' windows have different hosts; both put their chips in this one row,
 * side by side, instead of on top of each other.
 */
export function MinimizedDock({ label, children }: { label: string; children: ReactNode }) {
  return createPortal(
    <Group gap="xs" role="toolbar" aria-label={label} style={{ pointerEvents: 'auto' }}>
      {children}
    </Group>,
    dockElement(),
  );
}
