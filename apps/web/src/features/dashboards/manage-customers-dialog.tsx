import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import { useAssignableCustomers } from '../assignment';
import type { DashboardInfo } from './dashboard-types';
import { useSetDashboardCustomers } from './dashboards-queries';

interface Choice {
  id: string;
  title: string;
}

export interface ManageCustomersDialogProps {
  dashboard: DashboardInfo;
  onClose: () => void;
}

/**
 * "Manage assigned customers": the customers a dashboard is shared with, as chips. Saving replaces the
 * list in one call; the Public customer stays as it was (public/private has its own action).
 */
export function ManageCustomersDialog({ dashboard, onClose }: ManageCustomersDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const assigned = dashboard.assignedCustomers ?? [];
  const [selected, setSelected] = useState<Choice[]>(
    assigned.filter((c) => !c.public).map((c) => ({ id: c.customerId.id, title: c.title })),
  );
  const [text, setText] = useState('');
  const customers = useAssignableCustomers(text, true);
  const save = useSetDashboardCustomers();
  const options: Choice[] = (customers.data ?? []).map((c) => ({ id: c.id.id, title: c.title }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const keepPublic = assigned.filter((c) => c.public).map((c) => c.customerId.id);
    try {
      await save.mutateAsync({ id: dashboard.id.id, customerIds: [...selected.map((c) => c.id), ...keepPublic] });
    } catch {
      return; // the client showed the server's message
    }
    notify({ message: t('dashboard.customers-updated', { title: dashboard.title }), type: 'success' });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('dashboard.manage-assigned-customers')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.manage-assigned-customers-text', { title: dashboard.title })}
            </Typography>
            <Autocomplete<Choice, true>
              multiple
              options={options}
              value={selected}
              onChange={(_event, next) => setSelected(next)}
              inputValue={text}
              onInputChange={(_event, next, reason) => {
                if (reason !== 'reset') setText(next);
              }}
              getOptionLabel={(option) => option.title}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              filterOptions={(all) => all} // the server filters (prefix search)
              filterSelectedOptions
              loading={customers.isFetching}
              loadingText={t('common.loading')}
              noOptionsText={t('assignment.no-customers')}
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} label={option.title} size="small" {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField {...params} name="customers" label={t('dashboard.assigned-customers')} autoFocus />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
