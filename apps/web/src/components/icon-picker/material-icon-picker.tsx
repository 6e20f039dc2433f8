import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_ICON_COMPONENTS } from './common-icons';
import { COMMON_ICONS, filterIconNames, iconNameKeys } from './icon-names';
import { findIn, loadAllIcons, type IconSet } from './icon-registry';

export interface MaterialIconPickerProps {
  open: boolean;
  /** The current icon name (highlighted). */
  value: string | null | undefined;
  onSelect: (name: string) => void;
  onCancel: () => void;
}

/**
 * Material icon picker of spec 1-client §2.8: the 40 common icons first; 'show all' loads the full
 * list. A click picks the icon; the current one is highlighted.
 */
export function MaterialIconPicker({ open, value, onSelect, onCancel }: MaterialIconPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const [all, setAll] = useState<IconSet | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || !showAll || all) return;
    let live = true;
    loadAllIcons().then(
      (set) => live && setAll(set),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, showAll, all]);

  const names = useMemo(
    () => filterIconNames(showAll ? (all?.names ?? []) : COMMON_ICONS, search),
    [showAll, all, search],
  );
  const selectedKeys = useMemo(() => new Set(value ? iconNameKeys(value) : []), [value]);
  const loading = showAll && !all && !failed;

  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('icon.select-icon')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 320 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            autoFocus
            placeholder={t('action.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { 'aria-label': t('action.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <FormControlLabel
            control={<Switch checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
            label={t('icon.show-all')}
          />
        </Stack>
        {loading && <CircularProgress sx={{ alignSelf: 'center', my: 4 }} aria-label={t('common.loading')} />}
        {failed && showAll && <Typography color="error">{t('icon.load-failed')}</Typography>}
        {!loading && names.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', my: 4 }}>
            {t('icon.no-icons-matching', { search })}
          </Typography>
        )}
        <Box
          role="listbox"
          aria-label={t('icon.icons')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(48px, 1fr))', gap: 0.5 }}
        >
          {names.map((name) => {
            const Icon =
              showAll && all ? findIn(all, name) : COMMON_ICON_COMPONENTS[name as (typeof COMMON_ICONS)[number]];
            if (!Icon) return null;
            const selected = iconNameKeys(name).some((key) => selectedKeys.has(key));
            return (
              <Tooltip key={name} title={name} disableInteractive>
                <IconButton
                  role="option"
                  aria-selected={selected}
                  aria-label={name}
                  onClick={() => onSelect(name)}
                  color={selected ? 'primary' : 'default'}
                  sx={{
                    borderRadius: 1,
                    bgcolor: selected ? 'action.selected' : undefined,
                    outline: selected ? 2 : 0,
                    outlineColor: 'primary.main',
                  }}
                >
                  <Icon />
                </IconButton>
              </Tooltip>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onCancel}>{t('action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
