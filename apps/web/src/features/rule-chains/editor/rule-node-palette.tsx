import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_LABEL_KEYS, NODE_COLORS } from '../model/node-kinds';
import { buildPalette, type PaletteItem } from '../model/palette';
import type { ComponentDescriptor } from '../rule-chain-types';
import { NodeIcon } from './node-icon';

/** Drag payload type: the dragged component's class name. */
export const PALETTE_MIME = 'application/x-sapo-rule-node';

export interface RuleNodePaletteProps {
  components: readonly ComponentDescriptor[];
  /** Adds an item without dragging (double-click, Enter; a tap when `tapToAdd`). */
  onPick?: (item: PaletteItem) => void;
  /** Touch screens: a tap adds, since dragging out of a drawer is awkward. */
  tapToAdd?: boolean;
}

/** Left panel: components by type in the spec's display order, with a search box; drag onto the canvas. */
export function RuleNodePalette({ components, onPick, tapToAdd }: RuleNodePaletteProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sections = useMemo(() => buildPalette(components, search), [components, search]);

  const onDragStart = (event: DragEvent, item: PaletteItem) => {
    event.dataTransfer.setData(PALETTE_MIME, item.clazz);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <Box
      component="aside"
      aria-label={t('rulenode.palette')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={{ p: 1.5, pb: 1 }}>
        <TextField
          size="small"
          fullWidth
          placeholder={t('rulenode.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('rulenode.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ overflowY: 'auto', px: 1.5, pb: 2, flexGrow: 1 }}>
        {sections.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {t('rulenode.no-components-matching', { text: search })}
          </Typography>
        )}
        {sections.map((section) => (
          <Box key={section.kind} component="section" sx={{ mb: 1.5 }}>
            <Typography
              variant="overline"
              component="h3"
              color="text.secondary"
              sx={{ display: 'block', lineHeight: 2, fontWeight: 600 }}
            >
              {t(KIND_LABEL_KEYS[section.kind])}
            </Typography>
            {section.items.map((item) => (
              <Tooltip key={item.clazz} title={item.description} placement="right" enterDelay={500} disableInteractive>
                <Box
                  draggable
                  role="button"
                  tabIndex={0}
                  data-testid="palette-item"
                  data-clazz={item.clazz}
                  aria-label={`${t(KIND_LABEL_KEYS[item.kind])}: ${item.name}`}
                  onDragStart={(e) => onDragStart(e, item)}
                  onDoubleClick={() => onPick?.(item)}
                  onClick={tapToAdd ? () => onPick?.(item) : undefined}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onPick?.(item);
                  }}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    px: 1,
                    py: 0.6,
                    mb: 0.5,
                    borderRadius: 1,
                    bgcolor: NODE_COLORS[item.kind],
                    color: 'rgba(0,0,0,0.87)',
                    border: '1px solid rgba(0,0,0,0.15)',
                    cursor: 'grab',
                    userSelect: 'none',
                    '&:hover, &:focus-visible': { boxShadow: 2, outline: 'none' },
                  }}
                >
                  <NodeIcon kind={item.kind} fontSize="small" sx={{ opacity: 0.7 }} />
                  <Typography variant="body2" noWrap>
                    {item.name}
                  </Typography>
                </Box>
              </Tooltip>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
