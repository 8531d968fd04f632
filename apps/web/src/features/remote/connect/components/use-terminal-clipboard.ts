import { notifications } from '@mantine/notifications';
import type { Terminal } from '@xterm/xterm';
import { useEffect, useMemo } from 'react';
import { CONNECT_TEXTS } from '../texts';

const denied = () => notifications.show({ color: 'red', message: CONNECT_TEXTS.clipboardDenied });

/**
 * Copy and paste for the terminal: Ctrl+C and Ctrl+V belong to the shell (interrupt, literal
 * next), so the terminal's own shortcuts are Ctrl+Shift+C and Ctrl+Shift+V, as in desktop
 * terminals; the context menu and the Paste button use the same two actions.
 */
export function useTerminalClipboard(term: Terminal | null) {
  const actions = useMemo(
    () => ({
      copy: async () => {
        const text = term?.getSelection() ?? '';
        if (text === '') return;
        await navigator.clipboard.writeText(text).catch(denied);
        term?.focus();
      },
      paste: async () => {
        const text = await navigator.clipboard.readText().catch(() => {
          denied();
          return '';
        });
        // paste() goes through onData like typing, bracketed when the shell asked for it.
        if (text !== '') term?.paste(text);
        term?.focus();
      },
    }),
    [term],
  );

  useEffect(() => {
    term?.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true;
      const action =
        event.code === 'KeyC' ? actions.copy : event.code === 'KeyV' ? actions.paste : undefined;
      if (!action) return true;
      // Else the browser pastes a second time (or opens its inspector on Ctrl+Shift+C).
      event.preventDefault();
      void action();
      return false;
    });
  }, [term, actions]);

  return actions;
}
