import FileUpload from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntitySubtypeSelect } from '../../components/entity-subtype';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { AssignToCustomerDialog, BulkProgressDialog, useAssignmentActions } from '../assignment';
import { useAuth } from '../auth/auth-provider';
import { BulkImportDialog } from '../bulk-import/bulk-import-dialog';
import { ExportCsvButton } from '../bulk-import/export-csv-button';
import { useAssetCsvColumns } from './asset-columns';
import { AssetDetailsDrawer } from './asset-details-drawer';
import { AssetFormDialog } from './asset-form-dialog';
import type { AssetInfo } from './asset-types';
import { useAssetPages, useDeleteAsset, useOwnerScope } from './assets-queries';
import { ASSET_DEFAULT_SORT, AssetsTable } from './assets-table';
import type { OwnerScope } from './model/owner-scope';
import { useOwnedRowActions } from './owned-row-actions';
import { SelectionBar } from './selection-bar';
import { useDeleteEntities } from './use-delete-entities';

/** Assets of the tenant (or, for customer roles, of their customer, read-only). */
export function AssetsScreen() {
  const scope = useOwnerScope();
  return scope ? <AssetsScreenFor scope={scope} /> : null;
}

const DELETE_TEXTS = {
  oneTitle: 'asset.delete-asset-title',
  oneText: 'asset.delete-asset-text',
  manyTitle: 'asset.delete-assets-title',
  manyText: 'asset.delete-assets-text',
  oneDeleted: 'asset.asset-deleted',
  manyDeleted: 'asset.assets-deleted',
};

function AssetsScreenFor({ scope }: { scope: OwnerScope }) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const searchText = usePageSearch();
  const [type, setType] = useState('');
  const [selected, setSelected] = useState<Map<string, AssetInfo>>(new Map());
  const [opened, setOpened] = useState<AssetInfo>();
  const [editing, setEditing] = useState<{ asset?: AssetInfo } | null>(null);
  const [assigning, setAssigning] = useState<AssetInfo[] | null>(null);
  const [importing, setImporting] = useState(false);
  const fetchPage = useAssetPages(scope, type);
  const csvColumns = useAssetCsvColumns();
  const assignment = useAssignmentActions('ASSET');
  const { remove, invalidate } = useDeleteAsset();
  const deletion = useDeleteEntities(DELETE_TEXTS, remove, invalidate);

  const forget = (ids: readonly string[]) => {
    if (ids.length === 0) return;
    setSelected((current) => new Map([...current].filter(([id]) => !ids.includes(id))));
    if (opened && ids.includes(opened.id.id)) setOpened(undefined);
  };
  const handlers = {
    onEdit: (asset: AssetInfo) => setEditing({ asset }),
    onDelete: (asset: AssetInfo) => void deletion.run([asset], forget),
    onAssign: (asset: AssetInfo) => setAssigning([asset]),
    onUnassign: (asset: AssetInfo) => void assignment.unassign([asset]),
    onMakePublic: (asset: AssetInfo) => void assignment.makePublic([asset]),
  };
  const actions = useOwnedRowActions(scope, handlers);
  const rows = [...selected.values()];

  return (
    <Box>
      <PageHeader
        title={t('asset.assets')}
        addLabel={scope.canManage ? t('asset.add') : undefined}
        onAdd={() => setEditing({})}
        actions={
          <>
            {scope.canManage && (
              <Button variant="outlined" startIcon={<FileUpload />} onClick={() => setImporting(true)}>
                {t('import.import')}
              </Button>
            )}
            <ExportCsvButton
              baseName="assets"
              fetchPage={fetchPage}
              columns={csvColumns}
              searchText={searchText}
              sortProperty={ASSET_DEFAULT_SORT.property}
              sortOrder={ASSET_DEFAULT_SORT.direction}
            />
          </>
        }
      />
      <Stack direction="row" sx={{ mb: 1.5 }}>
        <EntitySubtypeSelect entityType="ASSET" client={client} value={type} onChange={setType} />
      </Stack>
      <SelectionBar count={selected.size} onClear={() => setSelected(new Map())}>
        <Button size="small" onClick={() => setAssigning(rows)}>
          {t('assignment.assign-to-customer')}
        </Button>
        <Button size="small" onClick={() => void assignment.unassign(rows).then(() => setSelected(new Map()))}>
          {t('assignment.unassign')}
        </Button>
        <Button size="small" onClick={() => void assignment.makePublic(rows).then(() => setSelected(new Map()))}>
          {t('assignment.make-public')}
        </Button>
        <Button size="small" color="error" onClick={() => void deletion.run(rows, forget)}>
          {t('action.delete')}
        </Button>
      </SelectionBar>
      <AssetsTable
        fetchPage={fetchPage}
        type={type}
        searchText={searchText}
        selectedId={opened?.id.id}
        actions={actions}
        onOpen={setOpened}
        selection={
          scope.canManage ? { selected, onChange: setSelected, rowLabel: (row: AssetInfo) => row.name } : undefined
        }
      />
      <AssetDetailsDrawer asset={opened} scope={scope} onClose={() => setOpened(undefined)} {...handlers} />
      {editing && <AssetFormDialog asset={editing.asset} onClose={() => setEditing(null)} />}
      <AssignToCustomerDialog
        entityType="ASSET"
        entities={assigning ?? []}
        open={assigning !== null}
        onClose={() => setAssigning(null)}
        onDone={() => setSelected(new Map())}
      />
      <BulkImportDialog entityType="ASSET" open={importing} onClose={() => setImporting(false)} />
      <BulkProgressDialog progress={deletion.progress ?? assignment.progress} />
    </Box>
  );
}
