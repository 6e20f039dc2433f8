import Delete from '@mui/icons-material/Delete';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { alertDialog } from '../../components/dialogs/dialog-store';
import { MAX_IMAGE_BYTES, formatFileSize, imageFileProblem } from './model/image-file';

export interface ProfileImageFieldProps {
  /** A data URL, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The profile picture (spec 1-client §2.8/§5 image input): a drop area or file chooser, a 100 px
 * preview, a clear button; one image file up to the size limit, kept as a data URL.
 */
export function ProfileImageField({ value, onChange, error, disabled }: ProfileImageFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const labelId = useId();

  const take = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      await alertDialog({
        title: t('device-profile.cannot-upload-file'),
        message:
          problem === 'too-large'
            ? t('device-profile.maximum-upload-file-size', { size: formatFileSize(MAX_IMAGE_BYTES) })
            : t('device-profile.image-file-required'),
      });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') onChange(reader.result);
    };
    reader.readAsDataURL(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void take(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('device-profile.image')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          role="img"
          aria-label={value ? t('device-profile.image-preview') : t('device-profile.no-image')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            width: 100,
            height: 100,
            flexShrink: 0,
            borderRadius: 1,
            border: '2px dashed',
            borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {value ? (
            <Box component="img" src={value} alt="" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
          ) : (
            <ImageOutlined color="disabled" fontSize="large" />
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('device-profile.image-hint', { size: formatFileSize(MAX_IMAGE_BYTES) })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" disabled={disabled} onClick={() => inputRef.current?.click()}>
              {t('device-profile.choose-image')}
            </Button>
            {value && (
              <Button
                size="small"
                color="error"
                startIcon={<Delete />}
                disabled={disabled}
                onClick={() => onChange('')}
              >
                {t('device-profile.remove-image')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Stack>
      <input
        ref={inputRef}
        name="image"
        type="file"
        accept="image/*"
        hidden
        aria-labelledby={labelId}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = ''; // the same file may be chosen again after a removal
        }}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
