import { formatBytes, type CreditReport } from '@netfleet/contracts';
import { drawBarChart } from './bar-chart';
import { drawNote, drawTable } from './data-table';
import { formatCount } from './format';
import { COLORS, heading, renderPdf } from './pdf-document';
import { drawSummaryTable } from './summary-table';
import { drawTitlePage } from './title-page';

/** Rows listed per table; the JSON answer holds every one. */
export const PDF_CREDIT_ROWS_MAX = 500;

const listed = <T>(rows: readonly T[]) => rows.slice(0, PDF_CREDIT_ROWS_MAX);

const cutNote = (doc: PDFKit.PDFDocument, shown: number, all: number) => {
  if (all > shown) drawNote(doc, `The first ${shown} of ${all} rows are listed.`);
  if (all === 0) drawNote(doc, 'Nothing in this range.');
};

/**
 * The credit usage report as a PDF: title page, totals, a bar chart of where the credits went, and
 * the moves, ledger entries, codes and data purchases of the range.
 */
export const creditReportPdf = (
  report: CreditReport,
  generatedAt: Date,
  options: { compress?: boolean } = {},
) =>
  renderPdf({ title: `Credit report: ${report.company_name}`, ...options }, (doc) => {
    const { totals } = report;
    drawTitlePage(doc, {
      kind: 'netfleet credit report',
      title: report.company_name,
      description: 'Resources moved, spent and handed out',
      facts: [
        ['Company', `${report.company_name} (${report.company_id})`],
        ['Period', `${report.start_date} – ${report.end_date} UTC`],
        ['Generated', `${generatedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`],
      ],
    });
    doc.addPage();
    heading(doc, 'Totals');
    drawSummaryTable(doc, [
      ['Moves to subsidiaries', formatCount(totals.child_pools)],
      ['Credits moved to subsidiaries', formatCount(totals.child_company_credits)],
      ['Ledger entries', formatCount(totals.pool_logs)],
      ['Credits used by devices', formatCount(totals.credits_for_devices)],
      ['Credits put in codes', formatCount(totals.transfer_codes_credits)],
      ['Credits spent on company data', formatCount(totals.data_purchase)],
    ]);

    heading(doc, 'Where the credits went');
    drawBarChart(doc, {
      labels: ['Subsidiaries', 'Devices', 'Codes', 'Company data'],
      series: [
        {
          name: 'Credits',
          color: COLORS.primary,
          values: [
            totals.child_company_credits,
            totals.credits_for_devices,
            totals.transfer_codes_credits,
            totals.data_purchase,
          ],
        },
      ],
      format: (value) => (Number.isInteger(value) ? formatCount(value) : ''),
      emptyTop: 4,
    });

    heading(doc, 'Moves to subsidiaries');
    drawTable(
      doc,
      [
        { title: 'Company', weight: 4 },
        { title: 'Type', weight: 2 },
        { title: 'Credits', weight: 2, align: 'right' },
      ],
      listed(report.child_pools).map((row) => [
        row.company_name,
        row.credit_type_name,
        formatCount(row.count),
      ]),
    );
    cutNote(doc, listed(report.child_pools).length, report.child_pools.length);

    heading(doc, 'Ledger');
    drawTable(
      doc,
      [
        { title: 'Date (UTC)', weight: 3 },
        { title: 'Action', weight: 3 },
        { title: 'Type', weight: 2 },
        { title: 'Amount', weight: 1.5, align: 'right' },
        { title: 'Device', weight: 2 },
        { title: 'User', weight: 2.5 },
      ],
      listed(report.pool_logs).map((row) => [
        row.created_at,
        row.action,
        row.credit_type_name,
        String(row.amount),
        row.device_serial ?? '',
        row.username ?? '',
      ]),
    );
    cutNote(doc, listed(report.pool_logs).length, report.pool_logs.length);

    heading(doc, 'Codes');
    drawTable(
      doc,
      [
        { title: 'Created (UTC)', weight: 3 },
        { title: 'Type', weight: 2 },
        { title: 'Credits', weight: 1.5, align: 'right' },
        { title: 'Used', weight: 1 },
      ],
      listed(report.transfer_codes).map((row) => [
        row.created_at,
        row.credit_type_name,
        formatCount(row.amount),
        row.is_used ? 'yes' : 'no',
      ]),
    );
    cutNote(doc, listed(report.transfer_codes).length, report.transfer_codes.length);

    heading(doc, 'Company data');
    drawTable(
      doc,
      [
        { title: 'Bought (UTC)', weight: 3 },
        { title: 'Credits', weight: 1.5, align: 'right' },
        { title: 'Data', weight: 2, align: 'right' },
      ],
      listed(report.data_purchase).map((row) => [
        row.created_at,
        formatCount(row.credits_used),
        formatBytes(row.bytes_purchased),
      ]),
    );
    cutNote(doc, listed(report.data_purchase).length, report.data_purchase.length);
  });
