import { Alert, Anchor, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';
import type { DialogOptions } from '@/components/dialogs';
import { useDevicesById } from '../api/get-devices';
import { useTemplateSearch } from '../api/get-templates';
import { DEVICE_CONFIGURATION_ROUTE } from '../paths';
import { CONFIG_TEXTS as T } from '../texts';
import { ApplyForm } from './apply-form';

export interface MultiConfigurationProps {
  /** The devices chosen in the devices list. */
  devices: readonly { id: number; name: string }[];
}

/** A template for the chosen devices, then the apply form with them already picked. */
function MultiConfiguration({ devices }: MultiConfigurationProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const templates = useTemplateSearch(debounced.trim());
  const chosen = useDevicesById(devices.map((device) => device.id));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const template = templates.data?.find((candidate) => String(candidate.id) === templateId);
  return (
    <Stack gap="md">
      <Select
        label={T.templatePicker}
        placeholder={T.searchTemplates}
        nothingFoundMessage={T.noTemplates}
        searchable
        required
        data-autofocus
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={(templates.data ?? []).map((candidate) => ({
          value: String(candidate.id),
          label: `${candidate.name} ${candidate.version}`,
        }))}
        value={templateId}
        onChange={setTemplateId}
        rightSection={templates.isFetching ? <Loader size="xs" /> : undefined}
      />
      {templates.data?.length === 0 && !debounced && (
        <Anchor component={Link} to={DEVICE_CONFIGURATION_ROUTE} size="sm">
          {T.newTemplateLink}
        </Anchor>
      )}
      {template &&
        (chosen.data ? (
          <ApplyForm key={template.id} template={template} initialDevices={chosen.data} />
        ) : chosen.isError ? (
          <Alert color="red" variant="light">
            {T.devicesNotLoaded}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {T.loadingDevices}
          </Text>
        ))}
    </Stack>
  );
}

/** Spec "multi-configuration": one template applied to the devices chosen in the devices list. */
export function multiConfigurationDialog(props: MultiConfigurationProps): DialogOptions {
  return {
    id: 'multi-configuration',
    title: T.multiTitle,
    subtitle: T.multiSubtitle(props.devices.length),
    size: 'lg',
    main: true,
    content: <MultiConfiguration devices={props.devices} />,
  };
}
