import { Box, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ConnectSession } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { useConnectSession } from '../api/get-session';
import { parseSessionId, sessionEndMessage, sessionTarget } from '../model/session-state';
import { CONNECT_TEXTS } from '../texts';
import { SessionHeader } from './session-header';
import { SessionMessage } from './session-message';

type RenderScreen = (session: ConnectSession) => ReactNode;

// 404 is an unknown session; 403 one of another user's (spec: "not found or not yours").
const loadFailure = (error: Error) =>
  isApiError(error) && (error.status === 404 || error.status === 403)
    ? CONNECT_TEXTS.sessionNotFound
    : error.message;

function SessionScreen({ id, children }: { id: number; children: RenderScreen }) {
  const { data: session, error, dataUpdatedAt } = useConnectSession(id);
  const [disconnected, setDisconnected] = useState(false);
  useEffect(() => {
    // Several connect tabs are told apart by their device.
    if (session) document.title = `${session.device_name} · ${sessionTarget(session)}`;
  }, [session]);

  if (disconnected) return <SessionMessage title={CONNECT_TEXTS.disconnected} />;
  if (error) return <SessionMessage title={loadFailure(error)} />;
  if (!session)
    return (
      <Center h="100vh">
        <Loader aria-label={CONNECT_TEXTS.loading} />
      </Center>
    );
  const ended = sessionEndMessage(session);
  if (ended) return <SessionMessage title={ended} />;
  return (
    <Stack h="100vh" gap={0}>
      <SessionHeader
        session={session}
        expiresAt={dataUpdatedAt + session.ttl * 1000}
        onDisconnected={() => setDisconnected(true)}
      />
      <Box component="main" pos="relative" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {children(session)}
      </Box>
    </Stack>
  );
}

/**
 * A connect tab (`/rms-connect/<kind>?session=<id>`): loads the session, then shows the header
 * (device, target, time left, Disconnect) above the screen; or a full-page message when the
 * session is unknown, ended or disconnected, which also unmounts the screen and its connection.
 */
export function ConnectFrame({ children }: { children: RenderScreen }) {
  const [params] = useSearchParams();
  const id = parseSessionId(params.get('session'));
  if (id === null) return <SessionMessage title={CONNECT_TEXTS.sessionNotFound} />;
  return <SessionScreen id={id}>{children}</SessionScreen>;
}
