import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/entity-form/form-dialog';
import { CodeField } from './code-field';
import { DashboardSelect, useDashboardStates } from './dashboard-select';
import {
  ACTION_SOURCE_KEYS,
  ACTION_TYPE_KEYS,
  WIDGET_ACTION_TYPES,
  createAction,
  validateAction,
  type SourcedAction,
  type WidgetAction,
  type WidgetActions,
} from './model/widget-actions';

export interface StateOption {
  id: string;
  name: string;
}

export interface WidgetActionDialogProps {
  /** The action to edit; a new one when absent. */
  value?: SourcedAction;
  /** Every action of the widget (names are unique per source). */
  actions: WidgetActions;
  sources: readonly string[];
  /** This dashboard's states. */
  states: readonly StateOption[];
  onSave: (edit: SourcedAction) => void;
  onClose: () => void;
}

const CUSTOM_SIGNATURE = 'function ($event, widgetContext, entityId, entityName, additionalParams, entityLabel) {…}';

/** Add or edit one widget action: where it starts, its name and icon, and what it does. */
export function WidgetActionDialog(props: WidgetActionDialogProps) {
  const { t } = useTranslation();
  const [edit, setEdit] = useState<SourcedAction>(
    () => props.value ?? { source: props.sources[0] ?? '', action: createAction() },
  );
  const [tried, setTried] = useState(false);
  const { source, action } = edit;
  const set = (patch: Partial<WidgetAction>) => setEdit({ source, action: { ...action, ...patch } });
  const errors = validateAction(edit, props.actions, {
    sources: props.sources,
    stateIds: props.states.map((s) => s.id),
  });
  const err = (key: string | undefined) => (tried && key ? t(key) : undefined);
  const types =
    WIDGET_ACTION_TYPES.includes(action.type as never) || !action.type
      ? WIDGET_ACTION_TYPES
      : [...WIDGET_ACTION_TYPES, action.type];
  const sources = props.sources.includes(source) || !source ? props.sources : [...props.sources, source];
  const statePick = action.type === 'openDashboardState' || action.type === 'updateDashboardState';
  const passesEntity = statePick || action.type === 'openDashboard';

  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length === 0) props.onSave(edit);
  };

  return (
    <FormDialog
      open
      title={t(props.value ? 'widget-action.edit' : 'widget-action.add')}
      onClose={props.onClose}
      onSubmit={submit}
      submitText={t(props.value ? 'action.save' : 'action.add')}
      maxWidth="md"
    >
      <TextField
        select
        label={t('widget-action.source')}
        required
        value={source}
        onChange={(e) => setEdit({ source: e.target.value, action })}
        error={Boolean(err(errors.source))}
        helperText={err(errors.source)}
      >
        {sources.map((s) => (
          <MenuItem key={s} value={s}>
            {ACTION_SOURCE_KEYS[s] ? t(ACTION_SOURCE_KEYS[s]) : s}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('widget-action.name')}
          required
          autoFocus
          fullWidth
          value={action.name}
          onChange={(e) => set({ name: e.target.value })}
          error={Boolean(err(errors.name))}
          helperText={err(errors.name)}
        />
        <TextField
          label={t('widget-action.icon')}
          value={action.icon}
          onChange={(e) => set({ icon: e.target.value })}
          helperText={t('widget-action.icon-hint')}
          sx={{ minWidth: { sm: 200 } }}
        />
      </Stack>
      <TextField
        select
        label={t('widget-action.type')}
        required
        value={action.type}
        onChange={(e) => set({ type: e.target.value })}
        error={Boolean(err(errors.type))}
        helperText={err(errors.type)}
      >
        {types.map((type) => (
          <MenuItem key={type} value={type}>
            {ACTION_TYPE_KEYS[type] ? t(ACTION_TYPE_KEYS[type]) : type}
          </MenuItem>
        ))}
      </TextField>
      {statePick && (
        <TextField
          select
          label={t('widget-action.target-dashboard-state')}
          required={action.type === 'openDashboardState'}
          value={action.targetDashboardStateId ?? ''}
          onChange={(e) => set({ targetDashboardStateId: e.target.value || null })}
          error={Boolean(err(errors.targetDashboardStateId))}
          helperText={err(errors.targetDashboardStateId)}
        >
          {action.type === 'updateDashboardState' && (
            <MenuItem value="">
              <em>{t('widget-action.current-state')}</em>
            </MenuItem>
          )}
          {props.states.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
          {action.targetDashboardStateId && !props.states.some((s) => s.id === action.targetDashboardStateId) && (
            <MenuItem value={action.targetDashboardStateId}>{action.targetDashboardStateId}</MenuItem>
          )}
        </TextField>
      )}
      {action.type === 'openDashboard' && (
        <OpenDashboardFields action={action} set={set} error={err(errors.targetDashboardId)} />
      )}
      {passesEntity && (
        <>
          <FormControlLabel
            control={
              <Checkbox
                checked={action.setEntityId !== false}
                onChange={(e) => set({ setEntityId: e.target.checked })}
              />
            }
            label={t('widget-action.set-entity-from-widget')}
          />
          {action.setEntityId !== false && (
            <TextField
              label={t('alias.state-entity-parameter-name')}
              placeholder={t('alias.default-entity-parameter-name')}
              value={action.stateEntityParamName ?? ''}
              onChange={(e) => set({ stateEntityParamName: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        </>
      )}
      {statePick && (
        <FormControlLabel
          control={
            <Checkbox
              checked={action.openRightLayout === true}
              onChange={(e) => set({ openRightLayout: e.target.checked })}
            />
          }
          label={t('widget-action.open-right-layout')}
        />
      )}
      {(action.type === 'custom' || action.type === 'customPretty') && (
        <CodeField
          language="js"
          label={t('widget-action.custom-function')}
          hint={CUSTOM_SIGNATURE}
          value={typeof action.customFunction === 'string' ? action.customFunction : ''}
          onChange={(customFunction) => set({ customFunction })}
        />
      )}
    </FormDialog>
  );
}

function OpenDashboardFields(props: {
  action: WidgetAction;
  set: (patch: Partial<WidgetAction>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { action, set } = props;
  const targetId = typeof action.targetDashboardId === 'string' ? action.targetDashboardId : null;
  const { data: states = [] } = useDashboardStates(targetId);
  return (
    <>
      <DashboardSelect
        value={targetId}
        onChange={(id) => set({ targetDashboardId: id, targetDashboardStateId: null })}
        required
        error={props.error}
      />
      {/* Free text as well: the target's states may not be readable yet, and a state id is just a name. */}
      <Autocomplete<string, false, false, true>
        freeSolo
        options={states.map((s) => s.id)}
        // The label is the id itself: the typed text and the stored value must be the same thing.
        renderOption={(optionProps, id) => {
          const { key, ...rest } = optionProps;
          const name = states.find((s) => s.id === id)?.name ?? id;
          return (
            <li key={key} {...rest}>
              {name === id ? id : `${name} (${id})`}
            </li>
          );
        }}
        inputValue={action.targetDashboardStateId ?? ''}
        onInputChange={(_e, text) => set({ targetDashboardStateId: text || null })}
        value={action.targetDashboardStateId ?? null}
        onChange={(_e, id) => set({ targetDashboardStateId: id || null })}
        disabled={!targetId}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('widget-action.target-dashboard-state')}
            placeholder={t('widget-action.root-state')}
          />
        )}
      />
    </>
  );
}
