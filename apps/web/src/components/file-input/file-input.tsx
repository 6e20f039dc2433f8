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
import { acceptedExtensions, checkFile, formatFileSize } from './file-size';

export interface LoadedTextFile {
  name: string;
  /** The file read as text. */
  content: string;
}

export interface FileInputProps {
  /** Accepted extensions as a comma list ('.json,.csv'); empty accepts any file. */
  accept?: string;
  /** Largest accepted file in bytes. */
  maxSize?: number;
  /** The loaded file's name, or null for the 'no file' state (the caller owns the value). */
  fileName: string | null;
  /** The file read as text (empty content is refused). */
  onFile?: (file: LoadedTextFile) => void;
  /** Instead of reading as text: the checked File itself (spreadsheets, images…). */
  onRawFile?: (file: File) => void;
  onClear: () => void;
  /** Text of the drop area; defaults to a generic 'drop a file' label. */
  dropLabel?: string;
  /** Shows 'no file' as an error (spec §5 requiredAsError). */
  requiredAsError?: boolean;
  disabled?: boolean;
}

/**
 * File input of spec 1-client §2.8/§5: drop a file or choose one; one file; read as text (empty
 * content is ignored); the same file may be chosen again; wrong type, size and emptiness are said.
 */
export function FileInput(props: FileInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const extensions = acceptedExtensions(props.accept);

  const take = async (file: File | undefined) => {
    if (!file || props.disabled) return;
    const check = checkFile(file, props.accept, props.maxSize);
    if (!check.ok) {
      setError(
        check.reason === 'wrong-type'
          ? t('file-input.wrong-type', { extensions: extensions.map((e) => `.${e}`).join(', ') })
          : check.reason === 'too-large'
            ? t('dashboard.maximum-upload-file-size', { size: formatFileSize(props.maxSize) })
            : t('import.file-empty'),
      );
      return;
    }
    if (props.onRawFile) {
      setError(null);
      props.onRawFile(file);
      return;
    }
    const content = await file.text().catch(() => '');
    if (content.trim() === '') {
      setError(t('import.file-empty'));
      return;
    }
    setError(null);
    props.onFile?.({ name: file.name, content });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };
  const shownError = error ?? (props.requiredAsError && !props.fileName ? t('import.no-file') : null);

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
          borderColor: shownError ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          px: 2,
          py: 2.5,
          textAlign: 'center',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <UploadFile color={over ? 'primary' : 'action'} sx={{ fontSize: 36 }} />
          <Typography variant="body1">{props.dropLabel ?? t('file-input.drop-file')}</Typography>
          <Button variant="outlined" size="small" disabled={props.disabled} onClick={() => input.current?.click()}>
            {t('import.choose-file')}
          </Button>
          {extensions.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('import.accepted-files', { extensions: extensions.map((e) => `.${e}`).join(', ') })}
            </Typography>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          accept={props.accept}
          disabled={props.disabled}
          aria-label={t('import.choose-file')}
          data-testid="file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file may be chosen again
            void take(file);
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, minHeight: 34 }}>
        <InsertDriveFile fontSize="small" color={props.fileName ? 'primary' : 'disabled'} />
        <Typography
          variant="body2"
          color={props.fileName ? 'text.primary' : 'text.secondary'}
          sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
        >
          {props.fileName ?? t('import.no-file')}
        </Typography>
        {props.fileName && (
          <IconButton
            size="small"
            aria-label={t('import.remove-file')}
            disabled={props.disabled}
            onClick={() => {
              setError(null);
              props.onClear();
            }}
          >
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {shownError && (
        <Typography variant="body2" color="error" role="alert">
          {shownError}
        </Typography>
      )}
    </Box>
  );
}
