import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/entity-form/form-dialog';
import type { DashboardState } from '../../model/dashboard-config';
import {
  deleteState,
  deleteStateError,
  saveState,
  setRootState,
  stateIdFromName,
  validateState,
  type StateEdit,
  type States,
} from './model/dashboard-states';

export interface DashboardStatesDialogProps {
  /** The dashboard's `configuration.states`. */
  value: Record<string, DashboardState>;
  onSave: (states: Record<string, DashboardState>) => void;
  onClose: () => void;
}

/** The dashboard's states: add, rename (name and id), choose the root, delete. */
export function DashboardStatesDialog(props: DashboardStatesDialogProps) {
  const { t } = useTranslation();
  const [states, setStates] = useState<States>(props.value);
  // undefined: closed; null: adding; a string: editing that state.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);

  return (
    <>
      <FormDialog
        open
        title={t('dashboard.states')}
        onClose={props.onClose}
        onSubmit={() => props.onSave(states)}
        maxWidth="md"
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{t('dashboard.root-state')}</TableCell>
              <TableCell>{t('dashboard.state-name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('dashboard.state-id')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {Object.entries(states).map(([id, state]) => {
              const cannotDelete = deleteStateError(states, id);
              return (
                <TableRow key={id} hover>
                  <TableCell padding="checkbox">
                    <Radio
                      checked={state.root}
                      onChange={() => setStates(setRootState(states, id))}
                      slotProps={{ input: { 'aria-label': t('dashboard.root-state') } }}
                    />
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{state.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>{id}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={t('action.edit')} onClick={() => setEditing(id)}>
                      <EditIcon />
                    </IconButton>
                    <Tooltip title={cannotDelete ? t(cannotDelete) : ''}>
                      <span>
                        <IconButton
                          aria-label={t('action.delete')}
                          disabled={Boolean(cannotDelete)}
                          onClick={() => setStates(deleteState(states, id))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Button startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing(null)}>
          {t('dashboard.add-state')}
        </Button>
      </FormDialog>
      {editing !== undefined && (
        <DashboardStateDialog
          states={states}
          ownId={editing ?? undefined}
          onClose={() => setEditing(undefined)}
          onSave={(edit) => {
            setStates(saveState(states, edit, editing ?? undefined));
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}

interface DashboardStateDialogProps {
  states: States;
  /** The state being edited; a new one when absent. */
  ownId?: string;
  onSave: (edit: StateEdit) => void;
  onClose: () => void;
}

/** One state's name, id (suggested from the name while adding) and root flag. */
function DashboardStateDialog(props: DashboardStateDialogProps) {
  const { t } = useTranslation();
  const own = props.ownId ? props.states[props.ownId] : undefined;
  const [edit, setEdit] = useState<StateEdit>({
    id: props.ownId ?? '',
    name: own?.name ?? '',
    root: own?.root ?? false,
  });
  // While adding, the id follows the name until the user types an id of their own.
  const [idTouched, setIdTouched] = useState(Boolean(props.ownId));
  const [tried, setTried] = useState(false);
  const errors = validateState(edit, props.states, props.ownId);
  // A taken id is worth knowing while typing; the required messages wait for a save.
  const shown = tried ? errors : errors.id === 'dashboard.state-id-exists' ? { id: errors.id } : {};

  return (
    <FormDialog
      open
      title={t(props.ownId ? 'dashboard.edit-state' : 'dashboard.add-state')}
      onClose={props.onClose}
      onSubmit={() => {
        setTried(true);
        if (Object.keys(errors).length === 0) props.onSave(edit);
      }}
      submitText={t(props.ownId ? 'action.save' : 'action.add')}
      maxWidth="xs"
    >
      <TextField
        label={t('dashboard.state-name')}
        required
        autoFocus
        value={edit.name}
        onChange={(e) =>
          setEdit({ ...edit, name: e.target.value, id: idTouched ? edit.id : stateIdFromName(e.target.value) })
        }
        error={Boolean(shown.name)}
        helperText={shown.name ? t(shown.name) : t('dashboard.state-name-hint')}
      />
      <TextField
        label={t('dashboard.state-id')}
        required
        value={edit.id}
        onChange={(e) => {
          setIdTouched(true);
          setEdit({ ...edit, id: e.target.value });
        }}
        error={Boolean(shown.id)}
        helperText={shown.id ? t(shown.id) : undefined}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={edit.root}
            // The root cannot be unset here: another state must become root instead.
            disabled={own?.root === true}
            onChange={(e) => setEdit({ ...edit, root: e.target.checked })}
          />
        }
        label={t('dashboard.root-state')}
      />
    </FormDialog>
  );
}
