import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import { notify } from '../../lib/notifications';
import type { Dashboard } from './dashboard-types';
import { useDashboardApi, useSaveDashboard } from './dashboards-queries';

interface Form {
  title: string;
  description: string;
}
type Field = 'title' | 'description';

export interface DashboardFormDialogProps {
  /** The dashboard to edit (its title and description); a new one when absent. */
  editing?: { id: string; title: string; description: string };
  onClose: (saved?: Dashboard) => void;
}

/**
 * "Add dashboard" / "Edit dashboard": title and description (kept in configuration.description, as
 * ThingsBoard does). Editing reloads the full dashboard first so its widgets are saved back unchanged.
 */
export function DashboardFormDialog({ editing, onClose }: DashboardFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveDashboard();
  const api = useDashboardApi();
  const { form, change, fieldError, generalError, submit } = useEntityForm<Form, Field>({
    initial: { title: editing?.title ?? '', description: editing?.description ?? '' },
    validate: (f) => (f.title.trim() ? {} : { title: 'dashboard.title-required' }),
    fields: ['title', 'description'],
  });

  const onSubmit = async () => {
    let saved: Dashboard | undefined;
    const ok = await submit(async (f) => {
      const current = editing ? await api.getDashboard(editing.id) : undefined;
      const configuration = { ...(current?.configuration ?? {}), description: f.description.trim() };
      saved = await save.mutateAsync({ ...(current ? { id: current.id } : {}), title: f.title.trim(), configuration });
    });
    if (ok && saved) {
      notify({
        message: t(editing ? 'dashboard.dashboard-saved' : 'dashboard.dashboard-added', { title: saved.title }),
        type: 'success',
      });
      onClose(saved);
    }
  };

  return (
    <FormDialog
      open
      title={t(editing ? 'dashboard.edit' : 'dashboard.add')}
      onClose={() => onClose()}
      onSubmit={() => void onSubmit()}
      submitting={save.isPending}
      error={generalError}
      submitText={t(editing ? 'action.save' : 'action.add')}
    >
      <TextField
        name="title"
        label={t('dashboard.title')}
        required
        autoFocus
        value={form.title}
        onChange={(e) => change((f) => ({ ...f, title: e.target.value }), 'title')}
        error={Boolean(fieldError('title'))}
        helperText={fieldError('title')}
      />
      <TextField
        name="description"
        label={t('dashboard.description')}
        multiline
        minRows={2}
        value={form.description}
        onChange={(e) => change((f) => ({ ...f, description: e.target.value }), 'description')}
      />
    </FormDialog>
  );
}
