import { Center, Loader } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ConnectSession } from '@netfleet/contracts';
import { useSavedCredential } from '../api/get-saved-credential';
import { useSftpLogin } from '../api/sftp-login';
import {
  defaultCredentialsValues,
  savedCredentials,
  toCredentials,
  type Credentials,
} from '../model/credentials';
import { startPath } from '../model/sftp-paths';
import { CONNECT_TEXTS } from '../texts';
import { CredentialsForm } from './credentials-form';
import { LoginPanel } from './login-panel';
import { SftpBrowser } from './sftp-browser';

/**
 * SFTP: the credentials form (kept on screen while it signs in, so a refusal leaves it filled),
 * then the file browser. A saved credential is tried once on its own.
 */
export function SftpConsole({ session }: { session: ConnectSession }) {
  const saved = useSavedCredential(session.device_id);
  const login = useSftpLogin(session.id);
  const [username, setUsername] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const savedUsername = saved.data?.username ?? null;

  const signIn = (credentials: Credentials) => {
    setError(null);
    login.mutate(credentials, {
      onSuccess: () => setUsername(credentials.username),
      onError: (failure) => setError(failure.message),
    });
  };
  // Once: StrictMode runs effects twice, and each sign-in opens an SFTP connection on the device.
  const savedTried = useRef(false);
  const signInSaved = useEffectEvent((name: string) => signIn(savedCredentials(name)));
  useEffect(() => {
    if (savedUsername === null || savedTried.current) return;
    savedTried.current = true;
    signInSaved(savedUsername);
  }, [savedUsername]);

  if (username !== null) return <SftpBrowser sessionId={session.id} start={startPath(username)} />;
  if (saved.isPending)
    return (
      <Center h="100%">
        <Loader aria-label={CONNECT_TEXTS.loading} />
      </Center>
    );
  return (
    <LoginPanel title={CONNECT_TEXTS.login('SFTP')}>
      <CredentialsForm
        defaultValues={defaultCredentialsValues(savedUsername ?? undefined)}
        error={error}
        savedUsername={savedUsername}
        busy={login.isPending}
        onSubmit={(values) => signIn(toCredentials(values))}
        onUseSaved={() => savedUsername !== null && signIn(savedCredentials(savedUsername))}
      />
    </LoginPanel>
  );
}
