// The lazy terminal chunk: xterm.js, its fit addon and stylesheet load only with this screen.
import '@xterm/xterm/css/xterm.css';
import { Box, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Credentials } from '../model/credentials';
import { CONNECT_TEXTS } from '../texts';
import { TerminalContextMenu, type MenuPosition } from './terminal-context-menu';
import { TerminalToolbar } from './terminal-toolbar';
import { useTerminalClipboard } from './use-terminal-clipboard';
import { useTerminalSession } from './use-terminal-session';
import { useXterm } from './use-xterm';

export interface TerminalScreenProps {
  sessionId: number;
  /** SSH's; telnet has none (the device asks for them in the terminal). */
  credentials?: Credentials;
  /** Told of an error before the shell is ready, instead of showing it in the terminal. */
  onFailed?: (message: string) => void;
}

/** A terminal filling the screen's area, connected to the session's terminal relay. */
export function TerminalScreen({ sessionId, credentials, onFailed }: TerminalScreenProps) {
  const container = useRef<HTMLDivElement>(null);
  const term = useXterm(container);
  const { status, reconnect } = useTerminalSession(term, sessionId, credentials, onFailed);
  const clipboard = useTerminalClipboard(term);
  const [menu, setMenu] = useState<MenuPosition | null>(null);

  return (
    <Stack h="100%" gap={0}>
      <TerminalToolbar
        status={status}
        onPaste={() => void clipboard.paste()}
        onReconnect={reconnect}
      />
      <Box
        ref={container}
        data-testid="terminal"
        role="region"
        aria-label={CONNECT_TEXTS.terminal}
        bg="black"
        p={4}
        style={{ flex: 1, minHeight: 0 }}
        onContextMenu={(event) => {
          event.preventDefault();
          setMenu({ x: event.clientX, y: event.clientY });
        }}
      />
      <TerminalContextMenu
        position={menu}
        canCopy={term?.hasSelection() ?? false}
        onClose={() => setMenu(null)}
        onCopy={() => void clipboard.copy()}
        onPaste={() => void clipboard.paste()}
      />
    </Stack>
  );
}
