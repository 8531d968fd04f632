import {
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { DDNS_IP_SOURCES, DDNS_SERVICES, type ConfigFile } from '@netfleet/contracts';
import type { ServiceRequest } from '../api/configure';
import { serviceErrors, serviceRequest, type DdnsField, type DdnsService } from '../model/ddns';
import type { Problems } from '../model/problems';
import { SERVICES_TEXTS as T } from '../texts';
import { ProblemAlert } from './config-state';

const PROVIDERS = DDNS_SERVICES.map((value) => ({
  value,
  label: value === 'custom' ? T.customProvider : value,
}));
const IP_SOURCES = DDNS_IP_SOURCES.map((value) => ({ value, label: T.ipSources[value] }));

/** Adds or changes one Dynamic DNS service; values are checked here before anything is sent. */
export function DdnsServiceForm({
  initial,
  file,
  sending,
  problems,
  onSend,
  onCancel,
}: {
  initial: DdnsService;
  file: ConfigFile;
  sending: boolean;
  /** What the server refused in what was sent, at their options or for the alert. */
  problems: Problems | null;
  onSend: (request: ServiceRequest) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<DdnsField, string>>>({});
  const set = (field: DdnsField) => (value: string | null) => {
    setValues((current) => ({ ...current, [field]: value ?? '' }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: DdnsField) => errors[field] ?? problems?.fields[field];
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = serviceErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSend(serviceRequest(values, file));
  };
  const input = (field: DdnsField) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field)(event.currentTarget.value),
    error: errorOf(field),
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Switch
          label={T.enabled}
          checked={values.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            setValues((current) => ({ ...current, enabled }));
          }}
        />
        <TextInput
          label={T.domain}
          description={T.domainHint}
          required
          data-autofocus
          {...input('domain')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={T.provider}
            data={PROVIDERS}
            allowDeselect={false}
            value={values.service_name}
            onChange={set('service_name')}
            error={errorOf('service_name')}
          />
          <TextInput label={T.checkInterval} inputMode="numeric" {...input('check_interval')} />
        </SimpleGrid>
        {values.service_name === 'custom' && (
          <TextInput
            label={T.updateUrl}
            description={T.updateUrlHint}
            required
            {...input('update_url')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={T.username} autoComplete="off" {...input('username')} />
          <PasswordInput
            label={T.password}
            description={values.passwordSet ? T.passwordKept : undefined}
            autoComplete="new-password"
            {...input('password')}
          />
          <Select
            label={T.ipSource}
            data={IP_SOURCES}
            allowDeselect={false}
            value={values.ip_source}
            onChange={set('ip_source')}
            error={errorOf('ip_source')}
          />
          <TextInput label={T.interface} {...input('interface')} />
        </SimpleGrid>
        <ProblemAlert messages={problems?.messages ?? []} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
