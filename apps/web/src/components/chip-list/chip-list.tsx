import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorSwatch } from '../color-picker/color-swatch';
import {
  DEFAULT_SEPARATORS,
  dropIndex,
  filterSuggestions,
  moveItem,
  newEntries,
  removeItem,
  splitEntries,
} from './chip-list-model';

export interface ChipListProps<T> {
  items: readonly T[];
  /** The reordered or shortened list (drag and drop, keyboard move, remove). */
  onChange: (items: T[]) => void;
  getLabel: (item: T) => string;
  /** A colour dot before the label (data keys). */
  getColor?: (item: T) => string | null | undefined;
  /** Called once per new typed entry (trimmed, not already a label); without it there is no input. */
  onAdd?: (text: string) => void;
  /** Offered while typing, by case-insensitive prefix. */
  suggestions?: readonly string[];
  /** Click on a chip (e.g. open the data key editor). */
  onItemClick?: (item: T, index: number) => void;
  label?: string;
  placeholder?: string;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  /** Characters that end an entry besides Enter (default comma and semicolon). */
  separators?: readonly string[];
}

/**
 * The draggable chip list of spec 1-client §2.8: chips reorder by drag and drop or with
 * Alt+←/→ on a focused chip, Delete/Backspace removes, a click edits; typing adds entries
 * (Enter, comma, semicolon) with suggestions.
 */
export function ChipList<T>(props: ChipListProps<T>) {
  const { t } = useTranslation();
  const { items, onChange, getLabel, disabled } = props;
  const [text, setText] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<{ index: number; after: boolean } | null>(null);
  const chipRefs = useRef<(HTMLDivElement | null)[]>([]);
  const labels = items.map(getLabel);
  const separators = props.separators ?? DEFAULT_SEPARATORS;

  const add = (entries: readonly string[]) => {
    for (const entry of newEntries(entries, labels)) props.onAdd?.(entry);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onChange(moveItem(items, from, to));
    // Keep the focus on the moved chip so repeated key presses keep moving it.
    requestAnimationFrame(() => chipRefs.current[to]?.focus());
  };
  const onChipKey = (event: KeyboardEvent, index: number) => {
    if (disabled || !(event.altKey || event.ctrlKey || event.metaKey)) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(index, index + (event.key === 'ArrowLeft' ? -1 : 1));
    }
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientX > box.left + box.width / 2;
    if (dropAt?.index !== index || dropAt.after !== after) setDropAt({ index, after });
  };
  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (dragFrom !== null && dropAt)
      onChange(moveItem(items, dragFrom, dropIndex(dragFrom, dropAt.index, dropAt.after)));
    endDrag();
  };

  const options = filterSuggestions(props.suggestions ?? [], text, labels);
  return (
    <Box>
      {props.label && (
        <Typography variant="body2" color={props.error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
          {props.label}
        </Typography>
      )}
      <Box
        role="list"
        aria-label={props.label}
        onDrop={onDrop}
        onDragOver={(event) => dragFrom !== null && event.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}
      >
        {items.map((item, index) => {
          const color = props.getColor?.(item);
          const marker = dropAt?.index === index && dragFrom !== index ? (dropAt.after ? 'right' : 'left') : null;
          return (
            <Chip
              key={`${labels[index]}-${index}`}
              ref={(el: HTMLDivElement | null) => {
                chipRefs.current[index] = el;
              }}
              role="listitem"
              label={labels[index]}
              title={t('chip-list.move-hint')}
              avatar={props.getColor ? <ColorSwatch color={color} size={14} round /> : undefined}
              draggable={!disabled}
              disabled={disabled}
              onDragStart={(event: DragEvent) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', labels[index] ?? '');
                setDragFrom(index);
              }}
              onDragOver={(event: DragEvent<HTMLDivElement>) => onDragOver(event, index)}
              onDragEnd={endDrag}
              onKeyDown={(event: KeyboardEvent) => onChipKey(event, index)}
              onClick={props.onItemClick ? () => props.onItemClick?.(item, index) : undefined}
              onDelete={disabled ? undefined : () => onChange(removeItem(items, index))}
              sx={{
                cursor: disabled ? 'default' : 'grab',
                opacity: dragFrom === index ? 0.4 : 1,
                '& .MuiChip-avatar': { width: 14, height: 14, ml: 1 },
                // A bar on the side where the dragged chip would land.
                boxShadow: (theme) =>
                  marker ? `${marker === 'left' ? -3 : 3}px 0 0 0 ${theme.palette.primary.main}` : 'none',
              }}
            />
          );
        })}
        {props.onAdd && !disabled && (
          <Autocomplete
            freeSolo
            size="small"
            options={options}
            filterOptions={(list) => list}
            value={null}
            inputValue={text}
            blurOnSelect={false}
            clearOnBlur={false}
            onInputChange={(_, next, reason) => {
              if (reason === 'reset') return;
              const { entries, rest } = splitEntries(next, separators);
              if (entries.length) add(entries);
              setText(rest);
            }}
            onChange={(_, chosen) => {
              if (typeof chosen === 'string') add([chosen]);
              setText('');
            }}
            sx={{ flex: '1 0 160px', minWidth: 160 }}
            renderInput={(params) => (
              <TextField
                {...params}
                variant="standard"
                placeholder={props.placeholder}
                error={props.error}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'aria-label': props.placeholder ?? props.label },
                }}
              />
            )}
          />
        )}
      </Box>
      {props.helperText && <FormHelperText error={props.error}>{props.helperText}</FormHelperText>}
    </Box>
  );
}
