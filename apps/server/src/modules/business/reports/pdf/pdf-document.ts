import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/** Page geometry every drawing shares: A4 portrait with 50 pt margins. */
export const PAGE = { margin: 50, width: 595.28, height: 841.89 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest y a drawing may reach before it needs a new page. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin;

export const COLORS = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  band: '#f0f4f8',
  primary: '#2f6fde',
  secondary: '#f0a202',
} as const;

export interface PdfOptions {
  title: string;
  /** Deflate the page streams (on by default; tests may read the text plainly without it). */
  compress?: boolean;
}

/**
 * A document drawn by `draw` with pdfkit's built-in fonts, as one Buffer. The title goes into the
 * document information too, where viewers show it.
 */
export const renderPdf = (options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      compress: options.compress ?? true,
      info: { Title: options.title, Producer: 'netfleet', Creator: 'netfleet' },
      bufferPages: false,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });

/** Starts a new page when fewer than `needed` points are left below the cursor. */
export const ensureSpace = (doc: Pdf, needed: number) => {
  if (doc.y + needed > CONTENT_BOTTOM) doc.addPage();
};

/** A section heading at the left margin. */
export const heading = (doc: Pdf, text: string) => {
  ensureSpace(doc, 60);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(COLORS.text);
  doc.text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
};
