import { useTranslation } from 'react-i18next';
import { EntityTable, type RowAction, type TableSelection } from '../../components/entity-table/entity-table';
import type { PageData, PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useAssetColumns } from './asset-columns';
import type { AssetInfo } from './asset-types';

export const ASSET_DEFAULT_SORT = { property: 'createdTime', direction: 'DESC' } as const;

export interface AssetsTableProps {
  fetchPage: (link: PageLink, signal: AbortSignal) => Promise<PageData<AssetInfo>>;
  /** Part of the query key, so a new filter is a new list. */
  type: string;
  searchText: string;
  selectedId?: string | undefined;
  actions: readonly RowAction<AssetInfo>[];
  selection?: TableSelection<AssetInfo> | undefined;
  onOpen: (asset: AssetInfo) => void;
}

/** The assets of the tenant or the customer, newest first, filtered by type and name prefix. */
export function AssetsTable(props: AssetsTableProps) {
  const { t } = useTranslation();
  const columns = useAssetColumns();
  return (
    <EntityTable<AssetInfo>
      queryKey={[...queryKeys.assets.list, props.type]}
      fetchPage={props.fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={ASSET_DEFAULT_SORT}
      searchText={props.searchText}
      actions={props.actions}
      onRowClick={props.onOpen}
      selectedId={props.selectedId}
      selection={props.selection}
      emptyText={
        props.searchText ? t('asset.no-assets-matching', { entity: props.searchText }) : t('asset.no-assets-text')
      }
      label={t('asset.assets')}
    />
  );
}
