import {
  Badge,
  Button,
  ColorSwatch,
  Group,
  Loader,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatSearchCount } from '@netfleet/contracts';
import type { SearchKind, SearchResult } from '@/app/search-kinds';
import type { KindResults } from './use-search-results';

/** A result as the keyboard walks them: across kinds, in the order shown. */
export interface FlatResult {
  kind: SearchKind;
  result: SearchResult;
}

export const optionId = (index: number) => `global-search-option-${index}`;

interface KindSectionProps {
  kind: SearchKind;
  query: UseQueryResult<KindResults>;
  q: string;
  /** Index of this kind's first result in the flat list. */
  first: number;
  active: number;
  onOpen: (path: string) => void;
  onHover: (index: number) => void;
}

export function KindSection({ kind, query, q, first, active, onOpen, onHover }: KindSectionProps) {
  const { t } = useTranslation();
  const { data } = query;
  if (query.isSuccess && query.data.total === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={kind.label}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {kind.label}
          </Text>
          {data && (
            <Badge size="sm" variant="light" data-testid="search-count">
              {formatSearchCount(data.total)}
            </Badge>
          )}
          {query.isPending && (
            <Loader size="xs" aria-label={t('search.searching', { kind: kind.label })} />
          )}
        </Group>
        <Button size="compact-xs" variant="subtle" onClick={() => onOpen(kind.tablePath(q))}>
          {t('search.viewInTable')}
        </Button>
      </Group>
      {query.isError && (
        <Text size="sm" c="red">
          {query.error.message}
        </Text>
      )}
      {data && data.results.length > 0 && (
        <Stack gap={2} role="listbox" aria-label={t('search.found', { kind: kind.label })}>
          {data.results.map((result, offset) => {
            const index = first + offset;
            return (
              <UnstyledButton
                key={result.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // The search box keeps focus; arrows move the highlight instead.
                tabIndex={-1}
                px="xs"
                py={4}
                bg={index === active ? 'var(--mantine-color-default-hover)' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                onMouseEnter={() => onHover(index)}
                onClick={() => onOpen(kind.resultPath(result))}
              >
                <Group gap="xs" wrap="nowrap">
                  {result.color && <ColorSwatch color={result.color} size={12} aria-hidden />}
                  <Text size="sm" truncate>
                    {kind.title(result)}
                  </Text>
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
