import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';

interface DataTableSearchProps {
  /** The committed search (from the URL). */
  value: string | undefined;
  onSearch: (q: string) => void;
  placeholder: string;
}

/** Typing is debounced before it reaches the URL (and so the server); Enter and clear commit at once. */
export function DataTableSearch({ value, onSearch, placeholder }: DataTableSearchProps) {
  const [text, setText] = useState(value ?? '');
  const [committed, setCommitted] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward or a link changed the URL: show what the table is now filtered by.
  if (committed !== value) {
    setCommitted(value);
    setText(value ?? '');
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    onSearch(next);
  };

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
  };

  return (
    <TextInput
      type="search"
      aria-label="Search"
      placeholder={placeholder}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              commit('');
            }}
          />
        ) : null
      }
      w={{ base: '100%', sm: 280 }}
    />
  );
}
