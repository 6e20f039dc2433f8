import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetActionDialog, type StateOption } from './widget-action-dialog';
import {
  ACTION_SOURCE_KEYS,
  ACTION_TYPE_KEYS,
  deleteAction,
  flattenActions,
  normaliseActions,
  saveAction,
  type SourcedAction,
  type WidgetActions,
} from './model/widget-actions';

export interface WidgetActionsEditorProps {
  /** The widget's `config.actions` as stored (any shape is read safely). */
  value: unknown;
  onChange: (actions: WidgetActions) => void;
  /** Action sources the widget type offers, e.g. ['headerButton', 'rowClick']. */
  availableSources: readonly string[];
  /** This dashboard's states, for the state actions' target. */
  states: readonly StateOption[];
}

/** The actions of one widget, by source (used inside the widget config dialog). */
export function WidgetActionsEditor(props: WidgetActionsEditorProps) {
  const { t } = useTranslation();
  // Ids are generated for stored actions without one; memoised so they stay the same between renders.
  const actions = useMemo(() => normaliseActions(props.value), [props.value]);
  const rows = flattenActions(actions);
  // undefined: closed; null: adding; otherwise the row being edited.
  const [editing, setEditing] = useState<SourcedAction | null | undefined>(undefined);
  const sourceLabel = (s: string) => (ACTION_SOURCE_KEYS[s] ? t(ACTION_SOURCE_KEYS[s]) : s);
  const typeLabel = (type: string) => (ACTION_TYPE_KEYS[type] ? t(ACTION_TYPE_KEYS[type]) : type);

  return (
    <Stack spacing={1}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('widget-action.no-actions')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('widget-action.source')}</TableCell>
              <TableCell>{t('widget-action.name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('widget-action.icon')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('widget-action.type')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={`${row.source}/${row.action.id}`} hover>
                <TableCell>{sourceLabel(row.source)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.action.name}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.action.icon}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{typeLabel(row.action.type)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('action.edit')} onClick={() => setEditing(row)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('action.delete')}
                    onClick={() => props.onChange(deleteAction(actions, row.source, row.action.id))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        disabled={props.availableSources.length === 0}
        onClick={() => setEditing(null)}
      >
        {t('widget-action.add')}
      </Button>
      {editing !== undefined && (
        <WidgetActionDialog
          value={editing ?? undefined}
          actions={actions}
          sources={props.availableSources}
          states={props.states}
          onClose={() => setEditing(undefined)}
          onSave={(edit) => {
            props.onChange(saveAction(actions, edit, editing?.source));
            setEditing(undefined);
          }}
        />
      )}
    </Stack>
  );
}
