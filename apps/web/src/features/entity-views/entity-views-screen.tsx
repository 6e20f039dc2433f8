import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntitySubtypeSelect } from '../../components/entity-subtype';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { useOwnerScope } from '../assets/assets-queries';
import type { OwnerScope } from '../assets/model/owner-scope';
import { useOwnedRowActions } from '../assets/owned-row-actions';
import { SelectionBar } from '../assets/selection-bar';
import { useDeleteEntities } from '../assets/use-delete-entities';
import { AssignToCustomerDialog, BulkProgressDialog, useAssignmentActions } from '../assignment';
import { useAuth } from '../auth/auth-provider';
import { ExportCsvButton } from '../bulk-import/export-csv-button';
import { useEntityViewCsvColumns } from './entity-view-columns';
import { EntityViewDetailsDrawer } from './entity-view-details-drawer';
import { EntityViewFormDialog } from './entity-view-form-dialog';
import type { EntityViewInfo } from './entity-view-types';
import { useDeleteEntityView, useEntityViewPages } from './entity-views-queries';
import { ENTITY_VIEW_DEFAULT_SORT, EntityViewsTable } from './entity-views-table';

/** Entity views of the tenant (or, for customer roles, of their customer, read-only). */
export function EntityViewsScreen() {
  const scope = useOwnerScope();
  return scope ? <EntityViewsScreenFor scope={scope} /> : null;
}

const DELETE_TEXTS = {
  oneTitle: 'entity-view.delete-entity-view-title',
  oneText: 'entity-view.delete-entity-view-text',
  manyTitle: 'entity-view.delete-entity-views-title',
  manyText: 'entity-view.delete-entity-views-text',
  oneDeleted: 'entity-view.entity-view-deleted',
  manyDeleted: 'entity-view.entity-views-deleted',
};

function EntityViewsScreenFor({ scope }: { scope: OwnerScope }) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const searchText = usePageSearch();
  const [type, setType] = useState('');
  const [selected, setSelected] = useState<Map<string, EntityViewInfo>>(new Map());
  const [opened, setOpened] = useState<EntityViewInfo>();
  const [editing, setEditing] = useState<{ view?: EntityViewInfo } | null>(null);
  const [assigning, setAssigning] = useState<EntityViewInfo[] | null>(null);
  const fetchPage = useEntityViewPages(scope, type);
  const csvColumns = useEntityViewCsvColumns();
  const assignment = useAssignmentActions('ENTITY_VIEW');
  const { remove, invalidate } = useDeleteEntityView();
  const deletion = useDeleteEntities(DELETE_TEXTS, remove, invalidate);

  const forget = (ids: readonly string[]) => {
    if (ids.length === 0) return;
    setSelected((current) => new Map([...current].filter(([id]) => !ids.includes(id))));
    if (opened && ids.includes(opened.id.id)) setOpened(undefined);
  };
  const handlers = {
    onEdit: (view: EntityViewInfo) => setEditing({ view }),
    onDelete: (view: EntityViewInfo) => void deletion.run([view], forget),
    onAssign: (view: EntityViewInfo) => setAssigning([view]),
    onUnassign: (view: EntityViewInfo) => void assignment.unassign([view]),
    onMakePublic: (view: EntityViewInfo) => void assignment.makePublic([view]),
  };
  const actions = useOwnedRowActions(scope, handlers);
  const rows = [...selected.values()];
  const clear = () => setSelected(new Map());

  return (
    <Box>
      <PageHeader
        title={t('entity-view.entity-views')}
        addLabel={scope.canManage ? t('entity-view.add') : undefined}
        onAdd={() => setEditing({})}
        actions={
          <ExportCsvButton
            baseName="entity-views"
            fetchPage={fetchPage}
            columns={csvColumns}
            searchText={searchText}
            sortProperty={ENTITY_VIEW_DEFAULT_SORT.property}
            sortOrder={ENTITY_VIEW_DEFAULT_SORT.direction}
          />
        }
      />
      <Stack direction="row" sx={{ mb: 1.5 }}>
        <EntitySubtypeSelect entityType="ENTITY_VIEW" client={client} value={type} onChange={setType} />
      </Stack>
      <SelectionBar count={selected.size} onClear={clear}>
        <Button size="small" onClick={() => setAssigning(rows)}>
          {t('assignment.assign-to-customer')}
        </Button>
        <Button size="small" onClick={() => void assignment.unassign(rows).then(clear)}>
          {t('assignment.unassign')}
        </Button>
        <Button size="small" onClick={() => void assignment.makePublic(rows).then(clear)}>
          {t('assignment.make-public')}
        </Button>
        <Button size="small" color="error" onClick={() => void deletion.run(rows, forget)}>
          {t('action.delete')}
        </Button>
      </SelectionBar>
      <EntityViewsTable
        fetchPage={fetchPage}
        type={type}
        searchText={searchText}
        selectedId={opened?.id.id}
        actions={actions}
        onOpen={setOpened}
        selection={
          scope.canManage ? { selected, onChange: setSelected, rowLabel: (row: EntityViewInfo) => row.name } : undefined
        }
      />
      <EntityViewDetailsDrawer view={opened} scope={scope} onClose={() => setOpened(undefined)} {...handlers} />
      {editing && <EntityViewFormDialog view={editing.view} onClose={() => setEditing(null)} />}
      <AssignToCustomerDialog
        entityType="ENTITY_VIEW"
        entities={assigning ?? []}
        open={assigning !== null}
        onClose={() => setAssigning(null)}
        onDone={clear}
      />
      <BulkProgressDialog progress={deletion.progress ?? assignment.progress} />
    </Box>
  );
}
