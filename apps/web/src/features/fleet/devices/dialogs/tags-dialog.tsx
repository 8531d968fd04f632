import { MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { DeviceRef } from '../api/bulk-outcome';
import { changeTags, type TagMode } from '../api/device-actions';
import { useOptions, type PickerOption } from '../api/get-options';
import { DEVICE_TEXTS } from '../texts';
import { BulkForm } from './bulk-form';
import { useBulkSubmit } from './use-bulk-submit';

const SEARCH_DEBOUNCE_MS = 300;
const MODES = (Object.keys(DEVICE_TEXTS.tagModes) as TagMode[]).map((mode) => ({
  value: mode,
  label: DEVICE_TEXTS.tagModes[mode],
}));

/** Add, remove or replace the tags of the chosen devices (tags of the devices' companies). */
export function TagsDialog({ devices }: { devices: readonly DeviceRef[] }) {
  const [mode, setMode] = useState<TagMode>('add');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [chosen, setChosen] = useState<PickerOption[]>([]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [missing, setMissing] = useState(false);
  const options = useOptions({ endpoint: '/tags' }, debounced.trim());
  const { pending, error, submit } = useBulkSubmit(DEVICE_TEXTS.done.tags);
  const data = options.data ?? [];
  // Chosen tags stay listed while a search shows others, so their chips keep their names.
  const listed = [...data, ...chosen.filter((tag) => !data.some((o) => o.value === tag.value))];

  return (
    <BulkForm
      pending={pending}
      error={error}
      onSubmit={() => {
        // Replacing with nothing clears the tags; adding or removing nothing is a mistake.
        if (tagIds.length === 0 && mode !== 'overwrite') setMissing(true);
        else void submit(() => changeTags(devices, tagIds.map(Number), mode));
      }}
    >
      <Text size="sm">{DEVICE_TEXTS.selected(devices.length)}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {DEVICE_TEXTS.tagMode}
        </Text>
        <SegmentedControl
          data={MODES}
          value={mode}
          onChange={(value) => setMode(value as TagMode)}
        />
      </Stack>
      <MultiSelect
        label={DEVICE_TEXTS.tagPicker}
        data={listed}
        value={tagIds}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={DEVICE_TEXTS.nothingFound}
        onChange={(values) => {
          setTagIds(values);
          setChosen(listed.filter((option) => values.includes(option.value)));
          setMissing(false);
        }}
        error={missing ? DEVICE_TEXTS.tagRequired : undefined}
        data-autofocus
      />
    </BulkForm>
  );
}
