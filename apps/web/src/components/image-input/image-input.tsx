import Close from '@mui/icons-material/Close';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { alertDialog } from '../dialogs/dialog-store';
import { formatFileSize } from '../file-input/file-size';
import { checkImageFile, isImageDataUrl } from './image-model';

export interface ImageInputProps {
  /** The image as a data URL, or null/empty for none. */
  value: string | null | undefined;
  onChange: (dataUrl: string | null) => void;
  label?: string;
  /** Largest accepted file in bytes (spec §5: over it an alert names the limit). */
  maxSizeBytes?: number;
  disabled?: boolean;
  /** Side of the preview box in px (spec §9: 100). */
  previewSize?: number;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * Image input of spec 1-client §2.8/§4.3: a drop area (or click to choose) with a preview; empty
 * shows a placeholder; clearing resets it. One image/* file; the value is a data URL.
 */
export function ImageInput({ value, onChange, label, maxSizeBytes, disabled, previewSize = 100 }: ImageInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const image = isImageDataUrl(value) ? value : null;

  const take = async (file: File | undefined) => {
    if (!file || disabled) return;
    const check = checkImageFile(file, maxSizeBytes);
    if (!check.ok) {
      await alertDialog({
        title: t('dashboard.cannot-upload-file'),
        message:
          check.reason === 'too-large'
            ? t('dashboard.maximum-upload-file-size', { size: formatFileSize(maxSizeBytes) })
            : t('image-input.not-an-image'),
      });
      return;
    }
    const dataUrl = await readAsDataUrl(file).catch(() => null);
    if (dataUrl && isImageDataUrl(dataUrl)) onChange(dataUrl);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      {label && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: previewSize,
            height: previewSize,
            flexShrink: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {image ? (
            <Box component="img" src={image} alt={label ?? ''} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
              {t('image-input.no-image')}
            </Typography>
          )}
        </Box>
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled}
          aria-label={t('image-input.drop-image')}
          onClick={() => !disabled && input.current?.click()}
          onKeyDown={(event) => {
            if (!disabled && (event.key === 'Enter' || event.key === ' ')) {
              event.preventDefault();
              input.current?.click();
            }
          }}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          sx={{
            flex: 1,
            minWidth: 0,
            minHeight: previewSize,
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 1,
            borderColor: over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : 'transparent',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 0.5,
            px: 1,
            cursor: disabled ? 'default' : 'pointer',
            opacity: disabled ? 0.6 : 1,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
          }}
        >
          <ImageOutlined color={over ? 'primary' : 'action'} />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('image-input.drop-image')}
          </Typography>
        </Box>
        {image && !disabled && (
          <Tooltip title={t('image-input.clear-image')}>
            <IconButton aria-label={t('image-input.clear-image')} onClick={() => onChange(null)}>
              <Close />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="image-input-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same image may be chosen again after clearing
          void take(file);
        }}
      />
    </Box>
  );
}
