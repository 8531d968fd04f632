export { TimeChart } from './lazy-time-chart';
export type { ChartData, ChartSeries, TimeChartProps } from './types';
export type { ChartDialogProps } from './chart-dialog';

/** The 'chart' dialog's module, loaded on first use (it brings the chart and its CSV export). */
export const loadChartDialog = () => import('./chart-dialog');
