import { saveTextFile } from '../../lib/download';
import { toCsv } from './model/energy-model';

/** Offers one table or chart of the page as `energy-<name>.csv`. */
export const csvDownload = (
  name: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
) => saveTextFile(`energy-${name}.csv`, toCsv(header, rows), 'text/csv;charset=utf-8');
