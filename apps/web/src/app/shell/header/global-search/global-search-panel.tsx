import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normalizeSearchQuery } from '@netfleet/contracts';
import type { SearchKind } from '@/app/search-kinds';
import { KindSection, optionId, type FlatResult } from './search-results';
import { useDebouncedSearch, useSearchResults } from './use-search-results';
import { MESSAGE_TEXTS } from '@/lib/messages';

interface GlobalSearchPanelProps {
  available: readonly SearchKind[];
  selected: readonly SearchKind[];
  onToggleKind: (key: string, checked: boolean) => void;
  onClose: () => void;
}

function Message({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg" size="sm">
      {children}
    </Text>
  );
}

/** The dialog's content: query box, kind ticks, results per kind (spec §2 Global search). */
export function GlobalSearchPanel({
  available,
  selected,
  onToggleKind,
  onClose,
}: GlobalSearchPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebouncedSearch(text);
  const queries = useSearchResults(selected, q);

  const flat: FlatResult[] = selected.flatMap((kind, index) =>
    (queries[index]?.data?.results ?? []).map((result) => ({ kind, result })),
  );
  const current = flat.length === 0 ? -1 : Math.min(active, flat.length - 1);
  const nothingFound =
    q !== null && queries.length > 0 && queries.every((query) => query.data?.total === 0);

  const open = (path: string) => {
    onClose();
    void navigate(path);
  };

  const move = (step: number) => {
    if (flat.length === 0) return;
    const next = (current + step + flat.length) % flat.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && current >= 0) {
      event.preventDefault();
      const hit = flat[current];
      if (hit) open(hit.kind.resultPath(hit.result));
    }
  };

  let body: ReactNode = null;
  if (selected.length === 0) body = <Message>{MESSAGE_TEXTS.searchNoCriteria}</Message>;
  else if (normalizeSearchQuery(text) === null)
    body = <Message>{MESSAGE_TEXTS.searchTypeToStart}</Message>;
  else if (nothingFound) body = <Message>{MESSAGE_TEXTS.searchNoResults}</Message>;
  else if (q !== null) {
    let first = 0;
    body = selected.map((kind, index) => {
      const query = queries[index];
      if (!query) return null;
      const section = (
        <KindSection
          key={kind.key}
          kind={kind}
          query={query}
          q={q}
          first={first}
          active={current}
          onOpen={open}
          onHover={setActive}
        />
      );
      first += query.data?.results.length ?? 0;
      return section;
    });
  }

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        role="combobox"
        aria-label={t('search.input')}
        aria-expanded={flat.length > 0}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder={t('search.input')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <Group gap="md" role="group" aria-label={t('search.kindsLabel')}>
        {available.map((kind) => (
          <Checkbox
            key={kind.key}
            size="xs"
            label={kind.label}
            checked={selected.includes(kind)}
            onChange={(event) => onToggleKind(kind.key, event.currentTarget.checked)}
          />
        ))}
      </Group>
      <Stack gap="md" mah="60vh" style={{ overflowY: 'auto' }}>
        {body}
      </Stack>
    </Stack>
  );
}
