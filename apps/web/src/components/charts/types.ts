/** One line of a time chart: a value per timestamp of the chart, null where there is no reading. */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** Levels that switch (IO inputs, relays) draw as steps rather than slopes. */
  stepped?: boolean;
  /** Totals per period (data per day) draw as bars. */
  bars?: boolean;
}

/** A chart's data: shared timestamps (epoch seconds) and one or more series in one unit. */
export interface ChartData {
  timestamps: number[];
  series: ChartSeries[];
}

export interface TimeChartProps {
  /** Title above the chart; also the accessible name. */
  title: string;
  data: ChartData;
  /** Axis and legend text of a value (unit, labels such as Low/High); plain number otherwise. */
  formatValue?: (value: number) => string;
  /** Fixed value range, e.g. [0, 1] for levels. */
  range?: [number, number];
  height?: number;
  /** Shows a button that opens the chart full size in the 'chart' dialog. */
  expandable?: boolean;
}
