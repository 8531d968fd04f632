import { drawNote, drawTable } from './data-table';
import { formatCount } from './format';
import { heading, renderPdf } from './pdf-document';
import { drawSummaryTable } from './summary-table';
import { drawTitlePage } from './title-page';

/** Ledger entries listed; a pool's history rarely comes near it. */
export const PDF_POOL_ENTRIES_MAX = 2000;

/** One resource pool as its report shows it (RMS GET /credits/{id}/report). */
export interface CreditPoolReport {
  id: number;
  company_id: number;
  company_name: string;
  credit_type_title: string;
  /** Price and pro forma number are printed for paid pools only. */
  paid: boolean;
  /** Price per credit as stored (exact decimals). */
  credit_price: string;
  pro_form_nr: string | null;
  origin: 'added' | 'moved' | 'code' | 'code_returned';
  assigned_at: string;
  deleted_at: string | null;
  credit_count: number;
  credit_left: number;
  /** Spent by devices and on company data. */
  used: number;
  moved_out: number;
  put_in_codes: number;
  entries: readonly {
    created_at: string;
    action: string;
    amount: number;
    device_serial: string | null;
    username: string | null;
  }[];
}

const ORIGIN_TITLES: Record<CreditPoolReport['origin'], string> = {
  added: 'Added',
  moved: 'Moved in',
  code: 'Code activated',
  code_returned: 'Code revoked, returned',
};

/** The report of one resource pool: where it came from, what is left and every ledger entry. */
export const creditPoolReportPdf = (
  pool: CreditPoolReport,
  generatedAt: Date,
  options: { compress?: boolean } = {},
) =>
  renderPdf({ title: `Resource pool ${pool.id}: ${pool.company_name}`, ...options }, (doc) => {
    drawTitlePage(doc, {
      kind: 'netfleet resource pool report',
      title: `Pool ${pool.id}`,
      description: `${pool.credit_type_title} of ${pool.company_name}`,
      facts: [
        ['Company', `${pool.company_name} (${pool.company_id})`],
        ['Type', pool.credit_type_title],
        ['Origin', ORIGIN_TITLES[pool.origin]],
        ['Assigned', `${pool.assigned_at} UTC`],
        ...(pool.paid
          ? ([
              ['Price per credit', pool.credit_price],
              ['Pro forma number', pool.pro_form_nr ?? '–'],
            ] as const)
          : []),
        ...(pool.deleted_at ? ([['Deleted', `${pool.deleted_at} UTC`]] as const) : []),
        ['Generated', `${generatedAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`],
      ],
    });
    doc.addPage();
    heading(doc, 'Summary');
    drawSummaryTable(doc, [
      ['Count', formatCount(pool.credit_count)],
      ['Left', formatCount(pool.credit_left)],
      ['Used', formatCount(pool.used)],
      ['Moved out', formatCount(pool.moved_out)],
      ['Put in codes', formatCount(pool.put_in_codes)],
    ]);

    heading(doc, 'Ledger');
    const listed = pool.entries.slice(0, PDF_POOL_ENTRIES_MAX);
    drawTable(
      doc,
      [
        { title: 'Date (UTC)', weight: 3 },
        { title: 'Action', weight: 3.5 },
        { title: 'Amount', weight: 1.5, align: 'right' },
        { title: 'Device', weight: 2.5 },
        { title: 'User', weight: 3 },
      ],
      listed.map((entry) => [
        entry.created_at,
        entry.action,
        String(entry.amount),
        entry.device_serial ?? '',
        entry.username ?? '',
      ]),
    );
    if (pool.entries.length > listed.length)
      drawNote(doc, `The first ${listed.length} of ${pool.entries.length} entries are listed.`);
    if (pool.entries.length === 0) drawNote(doc, 'No ledger entries.');
  });
