import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../customers/customer-types';
import type { AssignableEntity, AssignableEntityType } from './model/assignment-model';
import type { BulkResult } from './model/bulk-run';
import { useAssignableCustomers } from './use-assignable-customers';
import { useAssignmentActions } from './use-assignment-actions';

export interface AssignToCustomerDialogProps {
  entityType: AssignableEntityType;
  /** The rows to assign (one from a row action, several from a selection). */
  entities: readonly AssignableEntity[];
  open: boolean;
  onClose: () => void;
  /** After the calls ran (some may have failed; the summary toast said so). */
  onDone?: (result: BulkResult<AssignableEntity>) => void;
}

/** Picks a customer and assigns the given devices, assets or entity views to it, with progress. */
export function AssignToCustomerDialog({ entityType, entities, open, onClose, onDone }: AssignToCustomerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const actions = useAssignmentActions(entityType);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const customers = useAssignableCustomers(text, open);
  const busy = actions.busy;
  const progress = actions.progress;

  const close = () => {
    if (busy) return;
    setCustomer(null);
    setText('');
    setTried(false);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!customer || busy || entities.length === 0) return;
    const result = await actions.assign(entities, { id: customer.id.id, title: customer.title });
    setCustomer(null);
    setText('');
    setTried(false);
    onDone?.(result);
    onClose();
  };

  const error = tried && !customer ? t('assignment.customer-required') : undefined;
  const matching = text.trim() && customer?.title !== text;
  return (
    <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
        <LinearProgress
          variant={progress ? 'determinate' : 'indeterminate'}
          value={progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
          sx={{ visibility: busy ? 'visible' : 'hidden' }}
          aria-hidden={!busy}
        />
        <DialogTitle id={titleId}>{t('assignment.assign-dialog-title', { what: actions.what(entities) })}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('assignment.assign-dialog-text', { what: actions.what(entities) })}
            </Typography>
            <Autocomplete<Customer>
              options={customers.data ?? []}
              value={customer}
              onChange={(_event, next) => setCustomer(next)}
              inputValue={text}
              onInputChange={(_event, next) => setText(next)}
              getOptionLabel={(option) => option.title}
              isOptionEqualToValue={(option, value) => option.id.id === value.id.id}
              filterOptions={(options) => options} // the server filters (prefix search)
              loading={customers.isFetching}
              loadingText={t('common.loading')}
              noOptionsText={
                matching ? t('assignment.no-customers-matching', { entity: text.trim() }) : t('assignment.no-customers')
              }
              disabled={busy}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name="customer"
                  label={t('assignment.customer')}
                  required
                  autoFocus
                  error={Boolean(error)}
                  helperText={error}
                />
              )}
            />
            {progress && (
              <Typography variant="body2" color="text.secondary" role="status">
                {t('assignment.progress', { done: progress.done, total: progress.total })}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={close} disabled={busy}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || entities.length === 0}>
            {t('assignment.assign')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
