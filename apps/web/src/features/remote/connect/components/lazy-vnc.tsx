import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CONNECT_TEXTS } from '../texts';

// noVNC stays out of every bundle but this chunk.
const VncScreen = lazy(() => import('./vnc-screen').then((m) => ({ default: m.VncScreen })));

export function LazyVnc({ sessionId }: { sessionId: number }) {
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader aria-label={CONNECT_TEXTS.connecting} />
        </Center>
      }
    >
      <VncScreen sessionId={sessionId} />
    </Suspense>
  );
}
