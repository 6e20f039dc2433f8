import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSelectColor, contrastText, formatColor, parseColor, PALETTE, sameColor, toHex6 } from './color-model';
import { ColorSwatch } from './color-swatch';

export interface ColorPickerDialogProps {
  open: boolean;
  /** The colour to start from (hex or rgba); empty or null for none. */
  value: string | null | undefined;
  /** The chosen colour, or null when the user cleared it (only offered with allowClear). */
  onSelect: (color: string | null) => void;
  onCancel: () => void;
  /** Shows a Clear button (for optional colours). */
  allowClear?: boolean;
  title?: string;
}

/**
 * Colour picker of spec 1-client §2.8: palette, any colour through the system picker, an opacity
 * slider and a hex/rgba text field, with a preview. Select is enabled only for a changed, valid colour.
 */
export function ColorPickerDialog({ open, value, onSelect, onCancel, allowClear, title }: ColorPickerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState(value ?? '');
  // Each opening starts again from the caller's colour.
  useEffect(() => {
    if (open) setText(value ?? '');
  }, [open, value]);

  const parsed = parseColor(text);
  const invalid = text.trim() !== '' && !parsed;
  const setRgba = (next: Partial<NonNullable<typeof parsed>>) =>
    setText(formatColor({ ...(parsed ?? { r: 0, g: 0, b: 0, a: 1 }), ...next }));

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} data-testid="color-picker-dialog">
      <DialogTitle id={titleId}>{title ?? t('color.select-color')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ width: { xs: 'auto', sm: 336 } }}>
          <Box
            role="radiogroup"
            aria-label={t('color.palette')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 0.75 }}
          >
            {PALETTE.map((swatch) => {
              const selected = parsed !== null && sameColor(swatch, toHex6(parsed));
              return (
                <ButtonBase
                  key={swatch}
                  role="radio"
                  aria-checked={selected}
                  aria-label={swatch}
                  title={swatch}
                  // Picking a palette colour keeps the chosen opacity.
                  onClick={() => setRgba({ ...parseColor(swatch)!, a: parsed?.a ?? 1 })}
                  sx={{
                    aspectRatio: '1',
                    borderRadius: 1,
                    bgcolor: swatch,
                    border: 1,
                    borderColor: 'divider',
                    outline: selected ? 2 : 0,
                    outlineColor: 'primary.main',
                    outlineOffset: 1,
                  }}
                >
                  {selected && <Check fontSize="small" sx={{ color: contrastText(parseColor(swatch)!) }} />}
                </ButtonBase>
              );
            })}
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ColorSwatch color={parsed ? text : null} size={56} label={t('color.preview')} />
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" id={`${titleId}-alpha`}>
                {t('color.opacity')}
              </Typography>
              <Slider
                size="small"
                min={0}
                max={1}
                step={0.01}
                disabled={!parsed}
                value={parsed?.a ?? 1}
                onChange={(_, a) => setRgba({ a: a })}
                slotProps={{ input: { 'aria-labelledby': `${titleId}-alpha` } }}
              />
            </Stack>
            {/* The system colour chooser for any colour outside the palette (it knows no alpha). */}
            <Box
              component="input"
              type="color"
              aria-label={t('color.custom-color')}
              title={t('color.custom-color')}
              value={parsed ? toHex6(parsed) : '#000000'}
              onChange={(event) => setRgba({ ...parseColor(event.target.value)!, a: parsed?.a ?? 1 })}
              sx={{ width: 40, height: 40, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
            />
          </Stack>
          <TextField
            label={t('color.color-value')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={invalid}
            helperText={invalid ? t('color.invalid-color') : t('color.color-value-hint')}
            size="small"
            slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'color-picker-text' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {allowClear && (
          <Button onClick={() => onSelect(null)} sx={{ mr: 'auto' }}>
            {t('action.clear')}
          </Button>
        )}
        <Button onClick={onCancel}>{t('action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!canSelectColor(value, text)}
          onClick={() => parsed && onSelect(formatColor(parsed))}
        >
          {t('action.select')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
