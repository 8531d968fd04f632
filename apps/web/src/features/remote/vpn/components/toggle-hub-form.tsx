import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { VpnHub } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { useFormSubmit } from '@/components/form-submit';
import { vpnKeys } from '../api/keys';
import { toggleHub } from '../api/save-hub';
import { TOGGLE_DURATIONS } from '../model/durations';
import { VPN_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';

const UNTIL_CHANGED = 'until-changed';
const DURATION_OPTIONS = [{ value: UNTIL_CHANGED, label: T.untilChanged }, ...TOGGLE_DURATIONS];

type ToggleTarget = Pick<VpnHub, 'id' | 'name' | 'enabled'>;

/** Switches a hub on or off, for good or for a while (it switches back by itself after it). */
function ToggleHubForm({ hub }: { hub: ToggleTarget }) {
  const enable = hub.enabled !== 1;
  const [duration, setDuration] = useState(UNTIL_CHANGED);
  const submitter = useFormSubmit<string>({
    request: (chosen) =>
      toggleHub(hub.id, {
        enabled: enable,
        ...(chosen === UNTIL_CHANGED ? {} : { duration: Number(chosen) }),
      }),
    successMessage: T.toggled(enable),
    actionStatus: false,
    invalidate: [vpnKeys.all],
    fields: [],
    setFieldError: () => undefined,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submitter.submit(duration);
      }}
    >
      <Stack gap="md">
        <Select
          label={enable ? T.enableFor : T.disableFor}
          data={DURATION_OPTIONS}
          value={duration}
          allowDeselect={false}
          onChange={(next) => setDuration(next ?? UNTIL_CHANGED)}
        />
        {!enable && (
          <Text size="sm" c="dimmed">
            {T.disableHint}
          </Text>
        )}
        <FormFooter
          errors={submitter.errors}
          submitLabel={enable ? T.enable : T.disable}
          color={enable ? undefined : 'red'}
          loading={submitter.state === 'waiting'}
        />
      </Stack>
    </form>
  );
}

export function toggleHubDialog(hub: ToggleTarget): DialogOptions {
  return {
    id: 'vpn.toggle',
    title: hub.enabled === 1 ? T.disableTitle(hub.name) : T.enableTitle(hub.name),
    size: 'sm',
    main: true,
    content: <ToggleHubForm hub={hub} />,
  };
}

export const openToggleHub = (hub: ToggleTarget) => dialogs.open(toggleHubDialog(hub));
