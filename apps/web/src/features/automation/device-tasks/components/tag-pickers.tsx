import { Group } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import type { TaskGroupFormInput } from '../model/task-group-form';
import { TASK_TEXTS as T } from '../texts';
import { RemoteMultiSelect } from './remote-multi-select';

const FIELDS = [
  { name: 'success_tag_id', label: T.successTags, hint: T.successTagsHint },
  { name: 'failed_tag_id', label: T.failedTags, hint: T.failedTagsHint },
] as const;

/** The tags a device gets when its run of the group completes, or fails: the owner's tags. */
export function TagPickers({ companyId }: { companyId: number }) {
  const { control } = useFormContext<TaskGroupFormInput>();
  const source = { endpoint: '/tags', query: { company_id: companyId } };
  return (
    <Group grow align="flex-start">
      {FIELDS.map(({ name, label, hint }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <RemoteMultiSelect
              source={source}
              label={label}
              description={hint}
              nothingFoundMessage={T.noTags}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
      ))}
    </Group>
  );
}
