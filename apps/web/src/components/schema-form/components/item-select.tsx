// Spec §7 pickers: a searchable select (single or multiple) over a list endpoint, searched on the
// server with a debounce; `queryFrom` feeds other fields' values into the query so the list
// follows them (roles of the chosen company).
import { Loader, MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { isApiError, type Query } from '@/lib/api-client';
import type { QueryScalar } from '@/lib/api-url';
import { readItemSelectOptions } from '../component-options';
import { fieldChrome } from '../field-chrome';
import { SCHEMA_FORM_TEXTS as TEXTS } from '../texts';
import type { FormValues, ItemSelectOptions } from '../types';
import { focusProps, useSchemaField, type SchemaFieldProps } from '../use-schema-field';
import { useItemOptions, type ItemOption, type ItemValue } from './use-item-options';

export const SEARCH_DEBOUNCE_MS = 300;

const toScalar = (value: unknown): QueryScalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : null;

// The server already filtered by the search.
const serverFiltered: OptionsFilter<ItemValue> = ({ options }) => options;

const isItemValue = (value: unknown): value is ItemValue =>
  typeof value === 'string' || typeof value === 'number';

/** The fixed query plus the current values of the fields named in queryFrom. */
function useQueryFromFields(options: ItemSelectOptions): Query {
  const { control } = useFormContext<FormValues>();
  const params = Object.entries(options.queryFrom ?? {});
  const values: unknown[] = useWatch({ control, name: params.map(([, key]) => key) });
  const query: Query = { ...options.query };
  params.forEach(([param], index) => {
    query[param] = toScalar(values[index]);
  });
  return query;
}

// The selected options stay listed (with their labels) when a search no longer returns them.
function withChosen(options: ItemOption[], chosen: ItemOption[]): ItemOption[] {
  const listed = new Set(options.map((option) => option.value));
  return [...options, ...chosen.filter((option) => !listed.has(option.value))];
}

export function ItemSelect(props: SchemaFieldProps & { preset?: Partial<ItemSelectOptions> }) {
  const { field, autoFocus, preset } = props;
  const options = readItemSelectOptions({ ...preset, ...field.props });
  const api = useSchemaField(props);
  const query = useQueryFromFields(options);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ItemOption[]>([]);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const selected = (Array.isArray(api.value) ? api.value : [api.value]).filter(isItemValue);
  // Only what is still selected: a value cleared from outside (`resets`) leaves no stale option.
  const selectedOptions = chosen.filter((option) => selected.includes(option.value));
  const chosenLabel = selectedOptions.find((option) => option.value === api.value)?.label;
  // A single select shows the chosen label in its search box; that is not a search.
  const term = debounced === chosenLabel ? '' : debounced;
  const list = useItemOptions({
    endpoint: options.endpoint,
    query,
    search: term,
    labelKey: options.labelKey ?? 'name',
    valueKey: options.valueKey ?? 'id',
  });

  const data = withChosen(list.data ?? [], selectedOptions);
  const remember = (values: ItemValue[]) =>
    setChosen(data.filter((option) => values.includes(option.value)));
  const loadError = list.isError
    ? isApiError(list.error)
      ? list.error.message
      : TEXTS.optionsFailed
    : undefined;

  const shared = {
    ...fieldChrome(field, api.error ?? loadError),
    ref: api.ref,
    data,
    searchable: true,
    // An autofocused picker stays closed until clicked or typed in.
    openOnFocus: false,
    searchValue: search,
    onSearchChange: setSearch,
    filter: serverFiltered,
    placeholder: field.placeholder,
    nothingFoundMessage: loadError ?? TEXTS.nothingFound,
    rightSection: list.isFetching ? <Loader size="xs" /> : undefined,
    ...focusProps(autoFocus),
    onBlur: api.onBlur,
  };

  if (options.multiple) {
    return (
      <MultiSelect<ItemValue>
        {...shared}
        value={selected}
        onChange={(next) => {
          remember(next);
          api.change(next);
        }}
      />
    );
  }
  return (
    <Select<ItemValue>
      {...shared}
      value={isItemValue(api.value) ? api.value : null}
      clearable={!field.required}
      onChange={(next) => {
        remember(next === null ? [] : [next]);
        api.change(next);
      }}
    />
  );
}
