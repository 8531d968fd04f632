import type { ReactNode } from 'react';

export interface DialogContextValue {
  id: string;
  close: () => void;
}

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

export interface DialogOptions {
  /** Opening a dialog with the id of an open one replaces it. */
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  content: ReactNode | ((ctx: DialogContextValue) => ReactNode);
  size?: DialogSize;
  /** Shows a maximise button (full screen). */
  maximizable?: boolean;
  /** Shows a minimise button; true by default (the ready-made confirm/prompt/alert turn it off). */
  minimizable?: boolean;
  /**
   * Link to external documentation, shown as an icon in the header: absolute, or a path under
   * the brand's docs_url. Without it the dialog links to docs_url itself (when the brand has one).
   */
  helpUrl?: string;
  /**
   * Without external documentation (no docs_url, no absolute helpUrl) the help button opens the
   * console's help panel on this topic, a help content key (spec route name); named dialogs
   * default to their name. A topic without help content shows the help of the page beneath.
   */
  helpTopic?: string;
  /** Only one main dialog is open: opening a main one closes the other. */
  main?: boolean;
  /** True by default. */
  closeOnEscape?: boolean;
  /** Called once however the dialog goes: closed, replaced, or pushed out by another main one. */
  onClose?: () => void;
}

export interface DialogEntry {
  options: DialogOptions;
  /** New on every open, so a replaced dialog starts afresh (state, position). */
  key: number;
  minimized: boolean;
  maximized: boolean;
}
