import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The bulk delete of a selection bar; disabled while a delete is on its way. */
export function DeleteSelectedButton({ pending, onDelete }: { pending: boolean; onDelete: () => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Button size="small" color="error" startIcon={<Delete />} disabled={pending} onClick={() => void onDelete()}>
      {t('action.delete')}
    </Button>
  );
}
