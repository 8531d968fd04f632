import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';

/**
 * A text box over a value kept in the URL: typing reaches `onCommit` after the search debounce,
 * `commit` sends at once (Enter, clear), and a new URL value (back/forward, a link) replaces the text.
 */
export function useDebouncedInput(value: string | undefined, onCommit: (text: string) => void) {
  const [text, setText] = useState(value ?? '');
  const [committed, setCommitted] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  if (committed !== value) {
    setCommitted(value);
    setText(value ?? '');
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    setText(next);
    onCommit(next);
  };

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onCommit(next), SEARCH_DEBOUNCE_MS);
  };

  return { text, change, commit };
}
