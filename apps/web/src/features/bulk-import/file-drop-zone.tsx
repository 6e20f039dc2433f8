import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface FileDropZoneProps {
  /** Comma list for the picker, e.g. '.csv,.xlsx'. */
  accept: string;
  /** The chosen file's name, or null for the 'no file' state. */
  fileName: string | null;
  onFile: (file: File) => void;
  onClear: () => void;
  /** Shows 'no file' as an error (a submit was tried without one). */
  requiredAsError?: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * File input of spec 1-client §2.8/§5: drop a file or pick one; one file only; the same file can be
 * picked again (the input is emptied after each pick, so the browser reports it again).
 */
export function FileDropZone(props: FileDropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) props.onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!props.disabled) take(event.dataTransfer.files);
  };
  const noFileError = props.requiredAsError && !props.fileName;
  const error = props.error ?? (noFileError ? t('import.no-file') : undefined);
  const compact = Boolean(props.fileName);

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!props.disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          px: 2,
          py: compact ? 1.5 : 3,
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        {/* Once a file is chosen the zone shrinks to one line, leaving room for the preview. */}
        <Stack
          direction={compact ? { xs: 'column', sm: 'row' } : 'column'}
          spacing={compact ? 1.5 : 1}
          sx={{ alignItems: 'center', justifyContent: 'center' }}
        >
          <UploadFile color={over ? 'primary' : 'action'} sx={{ fontSize: compact ? 28 : 40 }} />
          <Typography variant="body1">{compact ? t('import.drop-another-file') : t('import.drop-file')}</Typography>
          <Button variant="outlined" size="small" disabled={props.disabled} onClick={() => input.current?.click()}>
            {t('import.choose-file')}
          </Button>
        </Stack>
        {!compact && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('import.accepted-files', { extensions: props.accept.split(',').join(', ') })}
          </Typography>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={props.accept}
          aria-label={t('import.choose-file')}
          data-testid="import-file-input"
          disabled={props.disabled}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = ''; // the same file may be chosen again
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, minHeight: 34 }}>
        <InsertDriveFile fontSize="small" color={props.fileName ? 'primary' : 'disabled'} />
        <Typography
          variant="body2"
          color={props.fileName ? 'text.primary' : error ? 'error' : 'text.secondary'}
          sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
        >
          {props.fileName ?? t('import.no-file')}
        </Typography>
        {props.fileName && (
          <IconButton
            size="small"
            aria-label={t('import.remove-file')}
            onClick={props.onClear}
            disabled={props.disabled}
          >
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {props.error && (
        <Typography variant="body2" color="error" role="alert">
          {props.error}
        </Typography>
      )}
    </Box>
  );
}
