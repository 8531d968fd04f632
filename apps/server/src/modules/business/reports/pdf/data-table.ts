import { COLORS, CONTENT_WIDTH, ensureSpace, PAGE, type Pdf } from './pdf-document';

export interface TableColumn {
  title: string;
  /** Share of the table's width. */
  weight: number;
  align?: 'left' | 'right';
}

const ROW_HEIGHT = 16;
const HEADER_HEIGHT = 20;

const drawHeader = (doc: Pdf, columns: readonly TableColumn[], widths: readonly number[]) => {
  const top = doc.y;
  doc.rect(PAGE.margin, top, CONTENT_WIDTH, HEADER_HEIGHT).fill(COLORS.primary);
  let x = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#ffffff');
  columns.forEach((column, index) => {
    const width = widths[index] ?? 0;
    doc.text(column.title, x + 4, top + 6, {
      width: width - 8,
      align: column.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
    });
    x += width;
  });
  doc.y = top + HEADER_HEIGHT;
};

/**
 * Rows under a header that repeats on every page, in alternating bands; cells that do not fit are
 * cut with an ellipsis (the CSV has them whole).
 */
export const drawTable = (
  doc: Pdf,
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
) => {
  const weights = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (CONTENT_WIDTH * column.weight) / weights);
  ensureSpace(doc, HEADER_HEIGHT + ROW_HEIGHT);
  drawHeader(doc, columns, widths);
  rows.forEach((row, rowIndex) => {
    if (doc.y + ROW_HEIGHT > PAGE.height - PAGE.margin) {
      doc.addPage();
      drawHeader(doc, columns, widths);
    }
    const top = doc.y;
    if (rowIndex % 2 === 1) doc.rect(PAGE.margin, top, CONTENT_WIDTH, ROW_HEIGHT).fill(COLORS.band);
    let x = PAGE.margin;
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.text);
    columns.forEach((column, index) => {
      const width = widths[index] ?? 0;
      doc.text(row[index] ?? '', x + 4, top + 4, {
        width: width - 8,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += width;
    });
    doc.y = top + ROW_HEIGHT;
  });
  doc.x = PAGE.margin;
  doc.moveDown(0.5);
};

/** A short line of muted text (a note under a table). */
export const drawNote = (doc: Pdf, text: string) => {
  ensureSpace(doc, 20);
  doc.font('Helvetica-Oblique').fontSize(8).fillColor(COLORS.muted);
  doc.text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
};
