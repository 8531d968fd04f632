import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DATA_TABLE_TEXTS as T } from './texts';
import { useDebouncedInput } from './use-debounced-input';

interface DataTableSearchProps {
  /** The committed search (from the URL). */
  value: string | undefined;
  onSearch: (q: string) => void;
  placeholder: string;
}

/** Typing is debounced before it reaches the URL (and so the server); Enter and clear commit at once. */
export function DataTableSearch({ value, onSearch, placeholder }: DataTableSearchProps) {
  const { text, change, commit } = useDebouncedInput(value, onSearch);
  return (
    <TextInput
      type="search"
      aria-label={T.search}
      placeholder={placeholder}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton size="sm" aria-label={T.clearSearch} onClick={() => commit('')} />
        ) : null
      }
      w={{ base: '100%', sm: 280 }}
    />
  );
}
