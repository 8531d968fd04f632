import { Center, Loader } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ConnectSession } from '@netfleet/contracts';
import { useSavedCredential } from '../api/get-saved-credential';
import {
  defaultCredentialsValues,
  savedCredentials,
  toCredentials,
  type Credentials,
  type CredentialsValues,
} from '../model/credentials';
import { CONNECT_TEXTS } from '../texts';
import { CredentialsForm } from './credentials-form';
import { LazyTerminal } from './lazy-terminal';
import { LoginPanel } from './login-panel';

/**
 * SSH: the credentials form, then the terminal. A saved credential connects straight away; a
 * refused login comes back to the form with the message and everything typed still there.
 */
export function SshConsole({ session }: { session: ConnectSession }) {
  const saved = useSavedCredential(session.device_id);
  const [values, setValues] = useState<CredentialsValues | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The saved credential is tried once on its own; after a failure the user chooses.
  const [savedTried, setSavedTried] = useState(false);
  const savedUsername = saved.data?.username ?? null;
  // One object per credential: a new one would reconnect the terminal.
  const savedLogin = useMemo(
    () => (savedUsername === null ? null : savedCredentials(savedUsername)),
    [savedUsername],
  );

  if (saved.isPending)
    return (
      <Center h="100%">
        <Loader aria-label={CONNECT_TEXTS.loading} />
      </Center>
    );
  const active = credentials ?? (savedTried ? null : savedLogin);

  if (active)
    return (
      <LazyTerminal
        sessionId={session.id}
        credentials={active}
        onFailed={(message) => {
          setError(message);
          setCredentials(null);
          setSavedTried(true);
        }}
      />
    );
  return (
    <LoginPanel title={CONNECT_TEXTS.login('SSH')}>
      <CredentialsForm
        defaultValues={values ?? defaultCredentialsValues(savedUsername ?? undefined)}
        error={error}
        savedUsername={savedUsername}
        onSubmit={(submitted) => {
          setValues(submitted);
          setCredentials(toCredentials(submitted));
        }}
        onUseSaved={() => setCredentials(savedLogin)}
      />
    </LoginPanel>
  );
}
