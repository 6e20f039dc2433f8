import ClearIcon from '@mui/icons-material/Clear';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isImageFile } from './model/dashboard-settings-form';

export interface ImageUrlFieldProps {
  value: string;
  onChange: (url: string) => void;
  label: string;
}

/**
 * An image as a URL or an uploaded file kept as a data URL (spec 1-client §4.3 image input: preview
 * when set, clearing resets it). A data URL is not shown as text: it would fill the field.
 */
export function ImageUrlField(props: ImageUrlFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const isData = props.value.startsWith('data:');
  const pick = (file: File | undefined) => {
    if (!file || !isImageFile(file)) return;
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && props.onChange(reader.result);
    reader.readAsDataURL(file);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {props.value && (
        <Box
          component="img"
          src={props.value}
          alt=""
          sx={{ width: 48, height: 48, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
      <TextField
        label={props.label}
        sx={{ flex: '1 1 180px' }}
        value={isData ? t('dashboard.uploaded-image') : props.value}
        disabled={isData}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.value && (
        <IconButton aria-label={t('action.clear')} onClick={() => props.onChange('')}>
          <ClearIcon />
        </IconButton>
      )}
      <Button startIcon={<FileUploadIcon />} onClick={() => input.current?.click()} sx={{ flexShrink: 0 }}>
        {t('dashboard.upload-image')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          pick(e.target.files?.[0]);
          // The same file may be picked again after clearing.
          e.target.value = '';
        }}
      />
    </Stack>
  );
}
