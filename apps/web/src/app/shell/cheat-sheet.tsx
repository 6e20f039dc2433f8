import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCombo, type Hotkey } from '../navigation/hotkeys';

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The keyboard cheat sheet (spec §2.8): lists the shortcuts that have a description. */
export function CheatSheet({
  open,
  onClose,
  hotkeys,
}: {
  open: boolean;
  onClose: () => void;
  hotkeys: readonly Hotkey[];
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cheat-sheet-title" fullWidth maxWidth="xs">
      <DialogTitle id="cheat-sheet-title">{t('shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} component="dl" sx={{ m: 0 }}>
          {hotkeys
            .filter((hotkey) => hotkey.description)
            .map((hotkey) => (
              <Stack
                key={hotkey.combo}
                direction="row"
                sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
              >
                <Typography component="dt">{t(hotkey.description ?? '')}</Typography>
                <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5 }}>
                  {formatCombo(hotkey.combo, IS_MAC).map((key) => (
                    <Box
                      key={key}
                      component="kbd"
                      sx={{
                        px: 0.75,
                        py: 0.25,
                        borderRadius: 1,
                        border: 1,
                        borderColor: 'divider',
                        bgcolor: 'action.hover',
                        fontFamily: 'inherit',
                        fontSize: 13,
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {key}
                    </Box>
                  ))}
                </Box>
              </Stack>
            ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
