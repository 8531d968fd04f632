import { Button, Group, SegmentedControl, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { WEBFILTER_DOMAINS_MAX, WEBFILTER_MODES, type ConfigFile } from '@netfleet/contracts';
import { useDialog, type DialogOptions } from '@/components/dialogs';
import { useConfigure } from '../api/configure';
import { useDeviceConfig } from '../api/get-device-config';
import { deviceServicesKeys } from '../api/keys';
import { problemsOf } from '../model/problems';
import {
  domainsError,
  WEBFILTER_CONFIG,
  webfilterOf,
  webfilterRequest,
  type WebfilterMode,
  type WebfilterValues,
} from '../model/webfilter';
import { SERVICES_TEXTS as T } from '../texts';
import { ConfigState, ProblemAlert } from './config-state';
import { ConfigureProgress } from './configure-progress';
import type { ServicesDevice } from './types';

const MODES = WEBFILTER_MODES.map((value) => ({ value, label: T.modes[value] }));
const isMode = (value: string): value is WebfilterMode =>
  (WEBFILTER_MODES as readonly string[]).includes(value);

/** On/off, the mode and the domains; the domains are checked line by line before sending. */
function SiteBlockingForm({
  device,
  file,
  onStarted,
}: {
  device: ServicesDevice;
  file: ConfigFile;
  onStarted: (actionName: string) => void;
}) {
  const dialog = useDialog();
  const [values, setValues] = useState<WebfilterValues>(() => webfilterOf(file));
  const [domainsProblem, setDomainsProblem] = useState<string | null>(null);
  const configure = useConfigure(device.id, onStarted);
  const problems = configure.error ? problemsOf(configure.error, ['domain']) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = domainsError(values.domains);
    setDomainsProblem(problem);
    if (!problem) configure.mutate([webfilterRequest(values)]);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {T.siteBlockingIntro}
        </Text>
        <Switch
          label={T.filterEnabled}
          checked={values.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            setValues((current) => ({ ...current, enabled }));
          }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="site-blocking-mode">
            {T.mode}
          </Text>
          <SegmentedControl
            aria-labelledby="site-blocking-mode"
            data={MODES}
            value={values.mode}
            onChange={(mode) => {
              if (isMode(mode)) setValues((current) => ({ ...current, mode }));
            }}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <Textarea
          label={T.domains}
          description={T.domainsHint(WEBFILTER_DOMAINS_MAX)}
          placeholder="example.com"
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
          value={values.domains}
          onChange={(event) => {
            const domains = event.currentTarget.value;
            setValues((current) => ({ ...current, domains }));
            setDomainsProblem(null);
            configure.reset();
          }}
          error={domainsProblem ?? problems?.fields.domain}
        />
        <ProblemAlert messages={problems?.messages ?? []} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={configure.isPending}>
            {T.apply}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The device's site blocking (its webfilter config), read from the device and applied to it. */
export function SiteBlocking({ device }: { device: ServicesDevice }) {
  const config = useDeviceConfig(device.id, WEBFILTER_CONFIG);
  const [actionName, setActionName] = useState<string | null>(null);
  if (actionName) {
    return (
      <ConfigureProgress
        actionName={actionName}
        deviceName={device.name}
        refresh={deviceServicesKeys.config(device.id, WEBFILTER_CONFIG)}
        onBack={() => setActionName(null)}
      />
    );
  }
  return (
    <ConfigState query={config}>
      {(file) => <SiteBlockingForm device={device} file={file} onStarted={setActionName} />}
    </ConfigState>
  );
}

/** Spec device action 'Site blocking' (has_webfilter, create_multi_configuration). */
export function siteBlockingDialog(device: ServicesDevice): DialogOptions {
  return {
    id: 'device-actions.site-blocking',
    title: T.siteBlockingTitle,
    subtitle: device.name,
    size: 'md',
    main: true,
    content: <SiteBlocking device={device} />,
  };
}
