import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A centred, muted line in a widget's box: "No data", an alias error, a missing target device. Server
 * and script errors have colons in them, so a message is never read as a namespace:key pair.
 */
export function WidgetMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 1 }}>
      <Typography variant="body2" color="text.secondary" align="center" data-testid="widget-message">
        {t(text, { nsSeparator: false })}
      </Typography>
    </Box>
  );
}
