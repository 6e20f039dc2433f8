import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Spans both columns (long text). */
  wide?: boolean;
}

/**
 * Read-only fields of a details panel as a definition list: two columns on wider screens, one on
 * phones. Empty values show a dash so a row never looks broken.
 */
export function DetailsList({ items, label }: { items: readonly DetailItem[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 2 }}
    >
      {items.map((item) => {
        const empty = item.value === null || item.value === undefined || item.value === '';
        return (
          <Box key={item.label} sx={{ gridColumn: item.wide ? '1 / -1' : undefined, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {item.label}
            </Typography>
            <Typography
              component="dd"
              variant="body1"
              sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
              color={empty ? 'text.disabled' : 'text.primary'}
            >
              {empty ? t('common.none-value') : item.value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** A heading between groups of details. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
