import { COLORS, CONTENT_WIDTH, ensureSpace, PAGE, type Pdf } from './pdf-document';

const ROW_HEIGHT = 20;
const LABEL_WIDTH = 220;

/** Label and value rows in alternating bands, at the cursor. */
export const drawSummaryTable = (doc: Pdf, rows: readonly (readonly [string, string])[]) => {
  const left = PAGE.margin;
  rows.forEach(([label, value], index) => {
    ensureSpace(doc, ROW_HEIGHT);
    const top = doc.y;
    if (index % 2 === 0) doc.rect(left, top, CONTENT_WIDTH, ROW_HEIGHT).fill(COLORS.band);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.text);
    doc.text(label, left + 8, top + 6, { width: LABEL_WIDTH - 16, lineBreak: false });
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.text);
    doc.text(value, left + LABEL_WIDTH, top + 6, {
      width: CONTENT_WIDTH - LABEL_WIDTH - 8,
      lineBreak: false,
      ellipsis: true,
    });
    doc.x = left;
    doc.y = top + ROW_HEIGHT;
  });
  doc.moveDown(0.5);
};
