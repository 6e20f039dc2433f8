import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTypeKeys } from '../../components/entity-autocomplete/entity-types';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import type { EntityId } from '../auth/auth-types';
import { otherEnd, RELATION_DIRECTIONS, type EntityRelationInfo, type RelationDirection } from './model/relations';
import { RelationDialog } from './relation-dialog';
import { useDeleteRelation, useRelations } from './relations-queries';

export interface RelationsTabProps {
  entityId: EntityId;
  /** Customer roles see relations but cannot add or delete them. */
  readOnly?: boolean;
}

/** The relations tab of a details panel: relations from this entity and to it, each with add/delete. */
export function RelationsTab({ entityId, readOnly = false }: RelationsTabProps) {
  const [adding, setAdding] = useState<RelationDirection | null>(null);
  return (
    <Stack spacing={3}>
      {RELATION_DIRECTIONS.map((direction) => (
        <DirectionTable
          key={direction}
          entityId={entityId}
          direction={direction}
          readOnly={readOnly}
          onAdd={() => setAdding(direction)}
        />
      ))}
      {adding && <RelationDialog entity={entityId} direction={adding} onClose={() => setAdding(null)} />}
    </Stack>
  );
}

interface DirectionTableProps {
  entityId: EntityId;
  direction: RelationDirection;
  readOnly: boolean;
  onAdd: () => void;
}

function DirectionTable({ entityId, direction, readOnly, onAdd }: DirectionTableProps) {
  const { t } = useTranslation();
  const query = useRelations(entityId, direction);
  const remove = useDeleteRelation();
  const title = direction === 'FROM' ? t('relation.from-relations') : t('relation.to-relations');
  const typeName = (type: string) => {
    const keys = entityTypeKeys(type);
    return keys ? t(keys.one) : type;
  };

  const onDelete = async (relation: EntityRelationInfo) => {
    const other = otherEnd(relation, direction);
    const ok = await confirmDialog({
      title: t('relation.delete-relation-title', { entityName: other.name }),
      message: t('relation.delete-relation-text', { type: relation.type, entityName: other.name }),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(relation);
      notify({ message: t('relation.relation-deleted'), type: 'success' });
    } catch {
      // The HTTP client already showed the server's message.
    }
  };

  const rows = query.data ?? [];
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, minHeight: 36 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 500 }}>
          {title}
        </Typography>
        {!readOnly && (
          <Button size="small" startIcon={<Add />} onClick={onAdd}>
            {direction === 'FROM' ? t('relation.add-from') : t('relation.add-to')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('relation.type')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('entity.entity-type')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('entity.entity-name')}</TableCell>
              {!readOnly && <TableCell sx={{ width: '1%' }} aria-label={t('action.actions')} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((relation) => {
              const other = otherEnd(relation, direction);
              return (
                <TableRow key={`${relation.type}|${relation.typeGroup}|${other.id.entityType}|${other.id.id}`} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{relation.type}</TableCell>
                  <TableCell>{typeName(other.id.entityType)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{other.name}</TableCell>
                  {!readOnly && (
                    <TableCell align="right" sx={{ py: 0 }}>
                      <Tooltip title={t('relation.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('relation.delete')}
                          onClick={() => void onDelete(relation)}
                        >
                          <Delete fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {query.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary" variant="body2" sx={{ textAlign: 'center', py: 3 }}>
            {direction === 'FROM' ? t('relation.no-from-relations') : t('relation.no-to-relations')}
          </Typography>
        )}
        {query.isError && (
          <Typography color="error" variant="body2" sx={{ textAlign: 'center', py: 3 }}>
            {query.error.message}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
