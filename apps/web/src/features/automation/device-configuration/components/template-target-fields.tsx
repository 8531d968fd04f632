import { Group, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import type { TemplateFormInput } from '../model/template-form';
import { CONFIG_TEXTS as T } from '../texts';

/** The devices the template is for: a model, and the firmware it was written for and accepts. */
export function TemplateTargetFields() {
  const { register, formState } = useFormContext<TemplateFormInput>();
  const { errors } = formState;
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={T.deviceModel}
          description={T.deviceModelHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="RUTX"
          error={fieldErrorProp(errors.device_model)}
          {...register('device_model')}
        />
        <TextInput
          label={T.firmware}
          description={T.firmwareHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={T.firmwarePlaceholder}
          error={fieldErrorProp(errors.firmware)}
          {...register('firmware')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={T.minFirmware}
          placeholder={T.firmwarePlaceholder}
          error={fieldErrorProp(errors.min_firmware)}
          {...register('min_firmware')}
        />
        <TextInput
          label={T.maxFirmware}
          placeholder={T.firmwarePlaceholder}
          error={fieldErrorProp(errors.max_firmware)}
          {...register('max_firmware')}
        />
      </Group>
    </>
  );
}
