import { Select } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DEVICE_API_DOCUMENTATIONS, type DeviceApiSystem } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import { useDocumentations, type DocumentationPick } from '../api/get-documentations';
import { API_SYSTEM_OPTIONS, isApiSystem } from '../model/api-systems';
import type { ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/**
 * The documentations to pick from: the API's list of the system, or (until it answers, or if it
 * cannot) the built-in ones, which every server has.
 */
function choices(listed: readonly DocumentationPick[] | undefined, system: DeviceApiSystem | null) {
  if (listed) return listed;
  return DEVICE_API_DOCUMENTATIONS.filter(
    (documentation) => system === null || documentation.api_system === system,
  );
}

/**
 * The API system the config is written for and the documentation of it: the system narrows the
 * documentations listed; a documentation gives the config its API version.
 */
export function DocumentationFields() {
  const { control, getValues, setValue } = useFormContext<ConfigFormInput>();
  const system = useWatch({ control, name: 'api_system' }) ?? null;
  const listed = useDocumentations(system).data;
  const documentations = choices(listed, system);
  const find = (id: number) => documentations.find((documentation) => documentation.id === id);

  const changeSystem = (value: string | null) => {
    const next = isApiSystem(value) ? value : null;
    setValue('api_system', next, { shouldDirty: true });
    const current = find(getValues('device_documentation_id'));
    // A documentation of another system no longer applies: one of the new system is chosen.
    if (next !== null && current?.api_system !== next) {
      setValue('device_documentation_id', 0, { shouldDirty: true });
      setValue('api_version', '', { shouldDirty: true });
    }
  };

  return (
    <>
      <Select
        label={T.apiSystem}
        placeholder={T.apiSystemAny}
        clearable
        data={API_SYSTEM_OPTIONS}
        value={system}
        onChange={changeSystem}
      />
      <Controller
        control={control}
        name="device_documentation_id"
        render={({ field, fieldState }) => {
          const documentation = find(field.value);
          return (
            <Select
              label={T.documentation}
              required
              allowDeselect={false}
              data={documentations.map((item) => ({ value: String(item.id), label: item.name }))}
              value={field.value > 0 ? String(field.value) : null}
              onChange={(id) => {
                const picked = find(Number(id));
                if (!picked) return;
                // Before the change, which checks the form again with the version it brings.
                setValue('api_version', picked.api_version);
                field.onChange(picked.id);
              }}
              onBlur={field.onBlur}
              description={
                documentation &&
                T.documentationHint(documentation.api_system, documentation.api_version)
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={fieldErrorProp(fieldState.error)}
            />
          );
        }}
      />
    </>
  );
}
