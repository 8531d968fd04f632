import { useMemo } from 'react';
import { formatBytes, parseApiDate, type VpnDataUsage } from '@netfleet/contracts';
import { TimeChart, type ChartData } from '@/components/charts';
import { VPN_TEXTS as T } from '../texts';

// Axis steps may dip below zero around an all-zero range: those ticks get no label.
const bytesLabel = (value: number) => (value < 0 ? '' : formatBytes(value));

/** Received and sent bytes per day (UTC days), as bars. */
export function UsageChart({ days }: { days: VpnDataUsage['days'] }) {
  const data = useMemo<ChartData>(
    () => ({
      timestamps: days.map((day) => parseApiDate(`${day.date} 00:00:00`) / 1000),
      series: [
        { label: T.received, values: days.map((day) => day.bytes_received), bars: true },
        { label: T.sent, values: days.map((day) => day.bytes_sent), bars: true },
      ],
    }),
    [days],
  );
  return <TimeChart title={T.perDay} data={data} formatValue={bytesLabel} />;
}
