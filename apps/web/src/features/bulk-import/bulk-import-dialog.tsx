import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from './file-drop-zone';
import { ImportOptions } from './import-options';
import { useInvalidateImported, useSendChunk } from './import-queries';
import { ImportResult } from './import-result';
import { MappingPreview } from './mapping-preview';
import { planChunks, runChunks, type ImportSummary } from './model/chunking';
import { guessColumns, guessDelimiter, validateMapping, type ColumnMapping } from './model/column-mapping';
import { importTable, sentHeader, type ImportTable } from './model/import-table';
import { ImportFileError, loadedRecords, readImportFile, type LoadedFile } from './read-import-file';

export interface BulkImportDialogProps {
  entityType: 'DEVICE' | 'ASSET';
  open: boolean;
  onClose: () => void;
}

const ACCEPT = '.csv,.xls,.xlsx';

/** Import devices or assets from a CSV or XLSX file (issue 4 part 6). Mounted fresh each time it opens. */
export function BulkImportDialog(props: BulkImportDialogProps) {
  return props.open ? <ImportDialogBody {...props} /> : null;
}

type Phase =
  | { kind: 'setup' }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; summary: ImportSummary; stopped: number };

function ImportDialogBody({ entityType, onClose }: BulkImportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const sendChunk = useSendChunk(entityType);
  const invalidate = useInvalidateImported(entityType);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [reading, setReading] = useState(false);
  const [hasHeader, setHasHeader] = useState(true);
  const [delimiter, setDelimiter] = useState(',');
  const [update, setUpdate] = useState(false);
  const [columns, setColumns] = useState<ColumnMapping[]>([]);
  const [tried, setTried] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const abort = useRef<AbortController | null>(null);

  const parsed = useMemo(() => (file ? loadedRecords(file, delimiter) : null), [file, delimiter]);
  const table: ImportTable | null = useMemo(
    () => (parsed && 'records' in parsed ? importTable(parsed.records, hasHeader) : null),
    [parsed, hasHeader],
  );
  const parseError =
    parsed && 'errorKey' in parsed
      ? t(parsed.errorKey)
      : parsed && 'errorText' in parsed
        ? parsed.errorText
        : undefined;
  const mappingErrors = validateMapping(columns);
  const noRows = table !== null && table.rows.length === 0;

  /** A new file, delimiter or header choice re-reads the columns, so the mapping starts from a guess. */
  const remap = (next: LoadedFile | null, nextDelimiter: string, nextHeader: boolean) => {
    const records = next ? loadedRecords(next, nextDelimiter) : null;
    const nextTable = records && 'records' in records ? importTable(records.records, nextHeader) : null;
    setColumns(nextTable ? guessColumns(entityType, nextTable.columnCount, nextTable.header) : []);
  };

  const onFile = async (picked: File) => {
    setReading(true);
    setFileError(undefined);
    setTried(false);
    try {
      const loaded = await readImportFile(picked);
      const nextDelimiter = loaded.kind === 'csv' ? guessDelimiter(loaded.text) : ',';
      setFile(loaded);
      setDelimiter(nextDelimiter);
      remap(loaded, nextDelimiter, hasHeader);
    } catch (error) {
      setFile(null);
      setColumns([]);
      setFileError(error instanceof ImportFileError ? t(error.message) : String(error));
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    setTried(true);
    if (!table || noRows || mappingErrors.length > 0) return;
    const chunks = planChunks(sentHeader(table), table.rows, columns);
    const controller = new AbortController();
    abort.current = controller;
    const total = table.rows.length;
    setPhase({ kind: 'importing', done: 0, total });
    let sent = 0;
    const summary = await runChunks(chunks, (chunk) => sendChunk(chunk, columns, update), {
      signal: controller.signal,
      onProgress: (done) => {
        sent = done;
        setPhase({ kind: 'importing', done, total });
      },
    });
    await invalidate();
    setPhase({ kind: 'done', summary, stopped: total - sent });
  };

  const importing = phase.kind === 'importing';
  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Dialog
      open
      onClose={importing ? undefined : close}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <LinearProgress sx={{ visibility: reading ? 'visible' : 'hidden' }} />
      <DialogTitle id={titleId}>
        {entityType === 'DEVICE' ? t('import.import-devices') : t('import.import-assets')}
      </DialogTitle>
      <DialogContent dividers>
        {phase.kind === 'setup' && (
          <Stack spacing={2}>
            <FileDropZone
              accept={ACCEPT}
              fileName={file?.name ?? null}
              onFile={(picked) => void onFile(picked)}
              onClear={() => {
                setFile(null);
                setColumns([]);
                setFileError(undefined);
              }}
              requiredAsError={tried}
              error={fileError}
              disabled={reading}
            />
            {file && (
              <ImportOptions
                isCsv={file.kind === 'csv'}
                hasHeader={hasHeader}
                onHeader={(next) => {
                  setHasHeader(next);
                  remap(file, delimiter, next);
                }}
                delimiter={delimiter}
                onDelimiter={(next) => {
                  setDelimiter(next);
                  remap(file, next, hasHeader);
                }}
                update={update}
                onUpdate={setUpdate}
                rowCount={table?.rows.length ?? 0}
              />
            )}
            {parseError && <Alert severity="error">{parseError}</Alert>}
            {noRows && <Alert severity="warning">{t('import.no-rows')}</Alert>}
            {tried && mappingErrors.some((e) => e.code === 'import.name-column-required') && (
              <Alert severity="error">{t('import.name-column-required')}</Alert>
            )}
            {table && !noRows && (
              <MappingPreview
                entityType={entityType}
                table={table}
                columns={columns}
                onChange={(index, mapping) => setColumns((all) => all.map((c, i) => (i === index ? mapping : c)))}
                errors={tried ? mappingErrors : []}
              />
            )}
          </Stack>
        )}
        {phase.kind === 'importing' && (
          <Stack spacing={1.5} sx={{ py: 4 }} aria-live="polite">
            <Typography>{t('import.importing', { done: phase.done, total: phase.total })}</Typography>
            <LinearProgress
              variant="determinate"
              value={phase.total ? (phase.done / phase.total) * 100 : 0}
              aria-label={t('import.progress')}
            />
          </Stack>
        )}
        {phase.kind === 'done' && (
          <Stack spacing={2}>
            {phase.stopped > 0 && <Alert severity="warning">{t('import.stopped', { count: phase.stopped })}</Alert>}
            <ImportResult summary={phase.summary} fileName={file?.name ?? 'import'} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {phase.kind === 'setup' && (
          <>
            <Button onClick={close}>{t('action.cancel')}</Button>
            <Button variant="contained" disabled={reading || Boolean(parseError)} onClick={() => void start()}>
              {t('import.import')}
            </Button>
          </>
        )}
        {importing && <Button onClick={() => abort.current?.abort()}>{t('import.stop')}</Button>}
        {phase.kind === 'done' && (
          <Button variant="contained" onClick={close}>
            {t('action.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
