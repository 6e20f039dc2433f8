import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import type { PageData, PageLink, SortOrder } from '../../lib/page-link';
import { exportCsv, type CsvColumn } from './csv-export';

export interface ExportCsvButtonProps<T> {
  /** File name start, e.g. 'devices' → devices-2026-11-21.csv. */
  baseName: string;
  /** The table's own page fetcher (same filter), so the file holds what the table lists. */
  fetchPage: (link: PageLink, signal: AbortSignal) => Promise<PageData<T>>;
  columns: readonly CsvColumn<T>[];
  searchText?: string;
  sortProperty?: string;
  sortOrder?: SortOrder;
}

/** "Export CSV": every row of the current search and filter, all pages; busy while it fetches. */
export function ExportCsvButton<T>(props: ExportCsvButtonProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const count = await exportCsv({
        baseName: props.baseName,
        fetchPage: props.fetchPage,
        columns: props.columns,
        ...(props.searchText ? { textSearch: props.searchText } : {}),
        ...(props.sortProperty ? { sortProperty: props.sortProperty } : {}),
        ...(props.sortOrder ? { sortOrder: props.sortOrder } : {}),
      });
      notify({ message: t('import.exported-rows', { count }), type: 'success' });
    } catch {
      // The HTTP client already showed why the list call failed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownload />}
      disabled={busy}
      onClick={() => void run()}
    >
      {t('import.export-csv')}
    </Button>
  );
}
