import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Authority } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertDialog } from '../../../../components/dialogs/dialog-store';
import { FormDialog } from '../../../../components/entity-form/form-dialog';
import type { DashboardWidget } from '../../model/dashboard-config';
import type { EntityAlias, EntityAliases } from '../../model/entity-alias';
import { EntityAliasDialog } from './entity-alias-dialog';
import { FILTER_TYPE_KEYS, type AliasFilterType } from './model/alias-filter-types';
import {
  aliasList,
  aliasMap,
  canResolveMultiple,
  setResolveMultiple,
  upsertAlias,
  widgetsUsingAlias,
} from './model/alias-list';

export interface EntityAliasesDialogProps {
  /** The dashboard's `configuration.entityAliases`. */
  value: Record<string, unknown>;
  /** The dashboard's widgets: an alias a widget reads cannot be deleted. */
  widgets?: Record<string, DashboardWidget>;
  authority: Authority;
  onSave: (aliases: EntityAliases) => void;
  onClose: () => void;
}

/** The dashboard's entity aliases: add, edit, delete, and "resolve as multiple entities" per alias. */
export function EntityAliasesDialog(props: EntityAliasesDialogProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<EntityAlias[]>(() => aliasList(props.value));
  // undefined: closed; null: adding; an alias: editing it.
  const [editing, setEditing] = useState<EntityAlias | null | undefined>(undefined);

  const remove = (alias: EntityAlias) => {
    const users = widgetsUsingAlias(props.widgets, alias.id);
    if (users.length > 0) {
      void alertDialog({
        title: t('alias.unable-delete-alias-title'),
        message: t('alias.unable-delete-alias-text', { alias: alias.alias, widgetsList: users.join(', ') }),
      });
      return;
    }
    setList(list.filter((a) => a.id !== alias.id));
  };

  const typeLabel = (type: string) =>
    type in FILTER_TYPE_KEYS ? t(FILTER_TYPE_KEYS[type as AliasFilterType]) : type || t('common.none-value');

  return (
    <>
      <FormDialog
        open
        title={t('dashboard.entity-aliases')}
        onClose={props.onClose}
        onSubmit={() => props.onSave(aliasMap(list))}
        maxWidth="md"
      >
        {list.length === 0 ? (
          <Typography color="text.secondary">{t('alias.no-entity-aliases')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('alias.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('alias.filter-type')}</TableCell>
                <TableCell padding="checkbox">
                  <Tooltip title={t('alias.resolve-multiple')}>
                    <span>{t('alias.multiple')}</span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((alias) => (
                <TableRow key={alias.id} hover>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{alias.alias}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {typeLabel(alias.filter.type)}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={canResolveMultiple(alias) && alias.filter.resolveMultiple === true}
                      disabled={!canResolveMultiple(alias)}
                      onChange={(e) => setList(setResolveMultiple(list, alias.id, e.target.checked))}
                      slotProps={{ input: { 'aria-label': t('alias.resolve-multiple') } }}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={t('action.edit')} onClick={() => setEditing(alias)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t('action.delete')} onClick={() => remove(alias)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Button startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing(null)}>
          {t('alias.add')}
        </Button>
      </FormDialog>
      {editing !== undefined && (
        <EntityAliasDialog
          value={editing ?? undefined}
          aliases={list}
          authority={props.authority}
          onClose={() => setEditing(undefined)}
          onSave={(alias) => {
            setList(upsertAlias(list, alias));
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}
