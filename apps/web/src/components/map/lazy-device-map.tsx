import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SHARED_TEXTS } from '@/components/texts';
import type { DeviceMapProps } from './device-map';

// Leaflet, the country outlines and supercluster stay out of every bundle but this chunk.
const LeafletMap = lazy(() => import('./device-map').then((m) => ({ default: m.DeviceMap })));

export function DeviceMap(props: DeviceMapProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 420}>
          <Loader aria-label={SHARED_TEXTS.loadingMap} />
        </Center>
      }
    >
      <LeafletMap {...props} />
    </Suspense>
  );
}
