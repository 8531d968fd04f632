import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '@/components/dialogs';
import { renderWithHost } from '@/components/dialogs/test-utils';
import { chartCsv, seriesStats, sliceChart } from './chart-data';
import { chartDialog } from './chart-dialog';
import { ExpandChartButton } from './expand-chart-button';
import { CHART_TEXTS as T } from './texts';
import type { ChartData } from './types';

// jsdom draws no canvas: the lazy uPlot chart shows what it was given.
vi.mock('./lazy-time-chart', () => ({
  TimeChart: ({ title, data }: { title: string; data: ChartData }) => (
    <figure aria-label={title}>{data.timestamps.join(' ')}</figure>
  ),
}));

const saved = vi.hoisted(() => ({ calls: [] as { blob: Blob; filename: string }[] }));
vi.mock('@/lib/download', () => ({
  saveBlob: (blob: Blob, filename: string) => saved.calls.push({ blob, filename }),
}));

// 2026-03-01 10:00:00 UTC onwards, a minute apart.
const T0 = Date.UTC(2026, 2, 1, 10) / 1000;
const data: ChartData = {
  timestamps: [T0, T0 + 60, T0 + 120, T0 + 180, T0 + 240],
  series: [
    { label: 'SIM 1', values: [-70, -72, null, -68, -75] },
    { label: '=cmd, "x"', values: [1, 2, 3, 4, 5] },
  ],
};

describe('chart data', () => {
  it('slices the points of a range and sums them up without the gaps', () => {
    const shown = sliceChart(data, 1, 3);
    expect(shown.timestamps).toEqual([T0 + 60, T0 + 120, T0 + 180]);
    expect(shown.series[0]?.values).toEqual([-72, null, -68]);
    expect(seriesStats([-72, null, -68])).toEqual({ min: -72, max: -68, average: -70, last: -68 });
    expect(seriesStats([null])).toEqual({ min: null, max: null, average: null, last: null });
  });

  it('writes CSV with the spec date layout, raw values, empty gaps and safe labels', () => {
    document.cookie = 'timezone=UTC; path=/';
    const csv = chartCsv(sliceChart(data, 0, 2), 'Time');
    expect(csv).toBe(
      'Time,SIM 1,"\'=cmd, ""x"""\r\n' +
        '2026-03-01 10:00:00,-70,1\r\n' +
        '2026-03-01 10:01:00,-72,2\r\n' +
        '2026-03-01 10:02:00,,3\r\n',
    );
    document.cookie = 'timezone=; path=/; max-age=0';
  });
});

describe('chart dialog', () => {
  it('shows the chart full size with its legend, zooms and downloads the shown points', async () => {
    const { user } = renderWithHost();
    act(() =>
      dialogs.open(chartDialog({ title: 'Signal strength', data, formatValue: (v) => `${v} dBm` })),
    );
    const dialog = screen.getByRole('dialog', { name: 'Signal strength' });
    expect(within(dialog).getByRole('button', { name: 'Maximize' })).toBeVisible();
    expect(within(dialog).getByRole('figure', { name: 'Signal strength' })).toHaveTextContent(
      data.timestamps.join(' '),
    );
    expect(within(dialog).getByText(T.points(5, 5))).toBeVisible();
    const legend = within(dialog).getByRole('table', { name: T.legend });
    const sim = within(legend).getByRole('row', { name: /SIM 1/ });
    expect(
      within(sim)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['SIM 1', '-75 dBm', '-68 dBm', '-71.25 dBm', '-75 dBm']);
    expect(within(dialog).getByRole('button', { name: T.resetZoom })).toBeDisabled();

    // The start thumb one point on: four points shown, in the chart, legend and CSV.
    fireEvent.keyDown(within(dialog).getByRole('slider', { name: T.zoomFrom }), {
      key: 'ArrowRight',
    });
    expect(within(dialog).getByText(T.points(4, 5))).toBeVisible();
    expect(within(dialog).getByRole('figure', { name: 'Signal strength' })).toHaveTextContent(
      data.timestamps.slice(1).join(' '),
    );
    expect(
      within(within(legend).getByRole('row', { name: /SIM 1/ })).getAllByRole('cell')[1],
    ).toHaveTextContent('-75 dBm');
    await user.click(within(dialog).getByRole('button', { name: T.downloadCsv }));
    expect(saved.calls.at(-1)?.filename).toBe('signal-strength.csv');
    const csv = await saved.calls.at(-1)?.blob.text();
    expect(csv?.trim().split('\r\n')).toHaveLength(5);

    await user.click(within(dialog).getByRole('button', { name: T.resetZoom }));
    expect(within(dialog).getByText(T.points(5, 5))).toBeVisible();
  });

  it('opens from a chart’s full size button', async () => {
    const { user } = renderWithHost(<ExpandChartButton title="Temperature" data={data} />);
    await user.click(screen.getByRole('button', { name: T.expand('Temperature') }));
    expect(await screen.findByRole('dialog', { name: 'Temperature' })).toBeVisible();
  });
});
