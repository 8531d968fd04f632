export { TimeChart } from './lazy-time-chart';
export type { ChartData, ChartSeries, TimeChartProps } from './types';
export { chartDialog, openChartDialog, type ChartDialogProps } from './chart-dialog';
