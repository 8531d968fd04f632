import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { useEffect, useState, type RefObject } from 'react';

const OPTIONS = {
  cursorBlink: true,
  fontSize: 14,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  scrollback: 5000,
};

/**
 * An xterm.js terminal in `container`, fitted to it whenever it changes size (the window's
 * resize included); its size changes reach the connection through `onResize`.
 */
export function useXterm(container: RefObject<HTMLDivElement | null>): Terminal | null {
  const [term, setTerm] = useState<Terminal | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const terminal = new Terminal(OPTIONS);
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    fit.fit();
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(element);
    setTerm(terminal);
    return () => {
      observer.disconnect();
      terminal.dispose();
    };
  }, [container]);
  return term;
}
