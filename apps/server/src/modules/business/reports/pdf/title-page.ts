import { COLORS, CONTENT_WIDTH, PAGE, type Pdf } from './pdf-document';

export interface TitlePage {
  kind: string;
  title: string;
  description: string;
  /** Label and value lines under the title: company, period, generated at. */
  facts: readonly (readonly [string, string])[];
}

/** The first page: what the document is, its name, and the facts that place it. */
export const drawTitlePage = (doc: Pdf, page: TitlePage) => {
  const left = PAGE.margin;
  doc.rect(0, 0, PAGE.width, 12).fill(COLORS.primary);
  doc.font('Helvetica').fontSize(12).fillColor(COLORS.muted);
  doc.text(page.kind.toUpperCase(), left, 180, { width: CONTENT_WIDTH, characterSpacing: 2 });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(28).fillColor(COLORS.text);
  doc.text(page.title, { width: CONTENT_WIDTH });
  if (page.description) {
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(13).fillColor(COLORS.muted);
    doc.text(page.description, { width: CONTENT_WIDTH });
  }
  doc.moveDown(1.5);
  const y = doc.y;
  doc
    .moveTo(left, y)
    .lineTo(left + CONTENT_WIDTH, y)
    .lineWidth(1)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.moveDown(1);
  for (const [label, value] of page.facts) {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.muted);
    doc.text(label, left, top, { width: 130 });
    doc.font('Helvetica').fontSize(11).fillColor(COLORS.text);
    doc.text(value, left + 140, top, { width: CONTENT_WIDTH - 140 });
    doc.moveDown(0.6);
  }
};
