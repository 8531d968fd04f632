import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useFailureToast } from '@/components/toasts';
import { api, isAbortError } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { fetchAllRows, toCsv } from './csv';
import { toListPage } from './list-page';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { CsvExport, DataTableColumn, ListPage } from './types';
import { toApiQuery, type TableQuery } from './use-table-query-state';

type PageFetcher<T> = (query: TableQuery, signal: AbortSignal) => Promise<ListPage<T>>;

function pageFetcher<T>(exportCsv: CsvExport<T>): PageFetcher<T> {
  if ('fetchPage' in exportCsv) return exportCsv.fetchPage;
  const { endpoint } = exportCsv;
  return async (query, signal) =>
    toListPage(await api.get<T[]>(endpoint, { query: toApiQuery(query), signal }));
}

interface ExportCsvButtonProps<T> {
  exportCsv: CsvExport<T>;
  /** The table's current filter and sort; paging is the export's own. */
  query: TableQuery;
  /** The shown columns, in order: they make the CSV's columns. */
  columns: readonly DataTableColumn<T>[];
}

export function ExportCsvButton<T>({ exportCsv, query, columns }: ExportCsvButtonProps<T>) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const running = useRef<AbortController>(undefined);
  const failureToast = useFailureToast();

  // Leaving the page stops the export instead of downloading into a page the user left.
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await fetchAllRows(
        pageFetcher(exportCsv),
        query,
        controller.signal,
        (done, total) => setProgress({ done, total }),
      );
      // The byte order mark makes spreadsheet apps read the file as UTF-8.
      const csv = new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
      saveBlob(csv, exportCsv.filename);
    } catch (error) {
      if (!isAbortError(error)) failureToast(T.exportFailed)(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Button
      variant="default"
      size="xs"
      disabled={progress !== null}
      leftSection={
        progress ? <Loader size={14} aria-hidden /> : <IconFileExport size={16} aria-hidden />
      }
      onClick={() => void run()}
    >
      {progress
        ? progress.total > 0
          ? T.exportingProgress(progress.done, progress.total)
          : T.exporting
        : T.exportCsv}
    </Button>
  );
}
