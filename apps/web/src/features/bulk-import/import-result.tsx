import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import Update from '@mui/icons-material/Update';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { csvFileName, downloadCsv } from './csv-export';
import type { ImportRowError, ImportSummary } from './model/chunking';

/** Errors listed on screen; the download holds them all. */
const SHOWN_ERRORS = 500;

/** The outcome: created and updated counts, then every failed line with the server's reason. */
export function ImportResult({ summary, fileName }: { summary: ImportSummary; fileName: string }) {
  const { t } = useTranslation();
  const errors = summary.errors;
  const downloadErrors = () =>
    downloadCsv<ImportRowError>(csvFileName(`${fileName.replace(/\.[^.]+$/, '')}-errors`), errors, [
      { header: t('import.line'), value: (error) => error.line },
      { header: t('import.reason'), value: (error) => error.message },
    ]);

  return (
    <Stack spacing={2} aria-label={t('import.result')} role="region">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Count icon={<CheckCircle color="success" />} label={t('import.created')} value={summary.created} />
        <Count icon={<Update color="info" />} label={t('import.updated')} value={summary.updated} />
        <Count
          icon={<ErrorOutline color={errors.length ? 'error' : 'disabled'} />}
          label={t('import.errors')}
          value={errors.length}
        />
      </Stack>
      {errors.length > 0 && (
        <>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
              {t('import.error-list')}
            </Typography>
            <Button size="small" startIcon={<FileDownload />} onClick={downloadErrors}>
              {t('import.download-errors')}
            </Button>
          </Stack>
          <Paper variant="outlined">
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-label={t('import.error-list')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 72, fontWeight: 600 }}>{t('import.line')}</TableCell>
                    <TableCell sx={{ fontWeight: 600 }}>{t('import.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {errors.slice(0, SHOWN_ERRORS).map((error, index) => (
                    <TableRow key={index}>
                      <TableCell>{error.line ?? t('common.none-value')}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{error.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
          {errors.length > SHOWN_ERRORS && (
            <Typography variant="body2" color="text.secondary">
              {t('import.more-errors', { count: errors.length - SHOWN_ERRORS })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

function Count({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {icon}
        <Box>
          <Typography variant="h5" component="p" sx={{ lineHeight: 1.1 }}>
            {value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
