import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** Edit and remove buttons on a widget's title bar in edit mode (they don't start a drag). */
export function WidgetEditControls({ onEdit, onRemove }: { onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="widget-no-drag" style={{ display: 'inline-flex' }}>
      <Tooltip title={t('widget.edit')}>
        <IconButton size="small" aria-label={t('widget.edit')} onClick={onEdit} data-testid="widget-edit">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('widget.remove')}>
        <IconButton size="small" aria-label={t('widget.remove')} onClick={onRemove} data-testid="widget-remove">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </span>
  );
}
