import { COLORS, CONTENT_WIDTH, ensureSpace, PAGE, type Pdf } from './pdf-document';

export interface BarSeries {
  name: string;
  color: string;
  values: readonly number[];
}

export interface BarChart {
  /** One label per group of bars (a day). */
  labels: readonly string[];
  series: readonly BarSeries[];
  /** How an axis value reads (bytes, counts). */
  format: (value: number) => string;
  /** The axis top when every value is 0, so its lines read apart (4 MiB, 4 alerts). */
  emptyTop: number;
}

const HEIGHT = 190;
const AXIS_WIDTH = 60;
const LABEL_HEIGHT = 28;
const GRID_LINES = 4;

/** The top of the value axis: a round number at or above the largest value. */
const axisTop = (max: number, emptyTop: number) => {
  if (max <= 0) return emptyTop;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
};

/** At most ~12 labels under the bars, so they never overlap. */
const labelEvery = (count: number) => Math.max(1, Math.ceil(count / 12));

/**
 * Grouped bars drawn with vector paths: a value axis with grid lines, one group per label with one
 * bar per series, and a legend. Draws at the cursor and leaves it below the chart.
 */
export const drawBarChart = (doc: Pdf, chart: BarChart) => {
  ensureSpace(doc, HEIGHT + LABEL_HEIGHT + 30);
  const left = PAGE.margin + AXIS_WIDTH;
  const width = CONTENT_WIDTH - AXIS_WIDTH;
  const top = doc.y + 10;
  const bottom = top + HEIGHT;
  const max = axisTop(
    Math.max(0, ...chart.series.flatMap((series) => series.values)),
    chart.emptyTop,
  );

  doc.lineWidth(0.5).strokeColor(COLORS.rule);
  doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted);
  for (let line = 0; line <= GRID_LINES; line += 1) {
    const value = (max * line) / GRID_LINES;
    const y = bottom - (HEIGHT * line) / GRID_LINES;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.text(chart.format(value), PAGE.margin, y - 3, {
      width: AXIS_WIDTH - 6,
      align: 'right',
      lineBreak: false,
    });
  }

  const groups = Math.max(1, chart.labels.length);
  const groupWidth = width / groups;
  const barWidth = Math.max(0.5, (groupWidth * 0.8) / Math.max(1, chart.series.length));
  const every = labelEvery(chart.labels.length);
  chart.labels.forEach((label, group) => {
    const x0 = left + group * groupWidth + groupWidth * 0.1;
    chart.series.forEach((series, index) => {
      const value = series.values[group] ?? 0;
      const height = (HEIGHT * value) / max;
      if (height > 0)
        doc.rect(x0 + index * barWidth, bottom - height, barWidth, height).fill(series.color);
    });
    if (group % every === 0) {
      doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted);
      doc.text(label, left + group * groupWidth - 10, bottom + 4, {
        width: groupWidth + 20,
        align: 'center',
        lineBreak: false,
      });
    }
  });

  let legendX = left;
  const legendY = bottom + LABEL_HEIGHT - 10;
  for (const series of chart.series) {
    doc.rect(legendX, legendY, 8, 8).fill(series.color);
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.text);
    doc.text(series.name, legendX + 12, legendY, { lineBreak: false });
    legendX += 20 + doc.widthOfString(series.name);
  }
  doc.x = PAGE.margin;
  doc.y = legendY + 20;
};
