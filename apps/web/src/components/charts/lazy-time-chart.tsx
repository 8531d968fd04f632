import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SHARED_TEXTS } from '@/components/texts';
import type { TimeChartProps } from './types';

// uPlot and its CSS load with the first chart, not with the page that shows it.
const UPlotChart = lazy(() => import('./time-chart').then((m) => ({ default: m.TimeChart })));

export function TimeChart(props: TimeChartProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 240}>
          <Loader aria-label={SHARED_TEXTS.loadingChart} />
        </Center>
      }
    >
      <UPlotChart {...props} />
    </Suspense>
  );
}
