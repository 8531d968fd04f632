import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CONNECT_TEXTS } from '../texts';
import type { TerminalScreenProps } from './terminal-screen';

// xterm.js stays out of every bundle but this chunk.
const TerminalScreen = lazy(() =>
  import('./terminal-screen').then((m) => ({ default: m.TerminalScreen })),
);

export function LazyTerminal(props: TerminalScreenProps) {
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader aria-label={CONNECT_TEXTS.connecting} />
        </Center>
      }
    >
      <TerminalScreen {...props} />
    </Suspense>
  );
}
