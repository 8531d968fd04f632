import { Center, Loader } from '@mantine/core';
import { zodResolver } from '@/components/form-errors';
import { useState } from 'react';
import type { CreateSilenceBody, Silence, UpdateSilenceBody } from '@netfleet/contracts';
import { dialogs, useDialog } from '@/components/dialogs';
import { toast } from '@/components/toasts';
import { useDevicesById, type DevicePick } from '../api/pickers';
import { useCreateSilence, useUpdateSilence } from '../api/save-silence';
import {
  createSilenceFormSchema,
  newSilenceForm,
  silenceErrorMap,
  silenceFormOf,
  updateSilenceFormSchema,
  type SilenceFormInput,
} from '../model/silence-form';
import { SILENCES_TEXTS as T } from '../silence-texts';
import { SilenceForm } from './silence-form';

const DIALOG_ID = 'automations.silence';
const createResolver = zodResolver(createSilenceFormSchema, { error: silenceErrorMap });
const updateResolver = zodResolver(updateSilenceFormSchema, { error: silenceErrorMap });

function CreateSilence() {
  const dialog = useDialog();
  const { mutateAsync } = useCreateSilence();
  // Now, once: a re-render must not move the default window.
  const [defaultValues] = useState(() => newSilenceForm());
  return (
    <SilenceForm<CreateSilenceBody>
      defaultValues={defaultValues}
      resolver={createResolver}
      verb="create"
      initialDevices={[]}
      onSubmit={async (body) => {
        await mutateAsync(body);
        toast.success(T.created);
        dialog?.close();
      }}
      onCancel={() => dialog?.close()}
    />
  );
}

function EditSilence({ silence }: { silence: Silence }) {
  const dialog = useDialog();
  const { mutateAsync } = useUpdateSilence();
  const [defaultValues] = useState<SilenceFormInput>(() => silenceFormOf(silence));
  const devices = useDevicesById(silence.device_ids);
  const named = devices.data ?? [];
  // Devices gone or out of sight (or names that failed to load) still show, by number.
  const initialDevices: DevicePick[] = silence.device_ids.map(
    (id) => named.find((device) => device.id === id) ?? { id, name: String(id) },
  );
  if (silence.device_ids.length > 0 && devices.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  return (
    <SilenceForm<UpdateSilenceBody>
      defaultValues={defaultValues}
      resolver={updateResolver}
      verb="update"
      initialDevices={initialDevices}
      onSubmit={async (body) => {
        await mutateAsync({ id: silence.id, body });
        toast.success(T.updated);
        dialog?.close();
      }}
      onCancel={() => dialog?.close()}
    />
  );
}

/** Creates a silence, or edits one, in a dialog. */
export function openSilenceDialog(silence?: Silence): void {
  dialogs.open({
    id: DIALOG_ID,
    title: silence ? T.editSilence : T.newSilence,
    size: 'lg',
    main: true,
    content: silence ? <EditSilence silence={silence} /> : <CreateSilence />,
  });
}
