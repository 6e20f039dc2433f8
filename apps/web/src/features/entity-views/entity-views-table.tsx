import { useTranslation } from 'react-i18next';
import { EntityTable, type RowAction, type TableSelection } from '../../components/entity-table/entity-table';
import type { PageData, PageLink } from '../../lib/page-link';
import { queryKeys } from '../../lib/query-keys';
import { useEntityViewColumns } from './entity-view-columns';
import type { EntityViewInfo } from './entity-view-types';

export const ENTITY_VIEW_DEFAULT_SORT = { property: 'createdTime', direction: 'DESC' } as const;

export interface EntityViewsTableProps {
  fetchPage: (link: PageLink, signal: AbortSignal) => Promise<PageData<EntityViewInfo>>;
  type: string;
  searchText: string;
  selectedId?: string | undefined;
  actions: readonly RowAction<EntityViewInfo>[];
  selection?: TableSelection<EntityViewInfo> | undefined;
  onOpen: (view: EntityViewInfo) => void;
}

export function EntityViewsTable(props: EntityViewsTableProps) {
  const { t } = useTranslation();
  const columns = useEntityViewColumns();
  return (
    <EntityTable<EntityViewInfo>
      queryKey={[...queryKeys.entityViews.list, props.type]}
      fetchPage={props.fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={ENTITY_VIEW_DEFAULT_SORT}
      searchText={props.searchText}
      actions={props.actions}
      onRowClick={props.onOpen}
      selectedId={props.selectedId}
      selection={props.selection}
      emptyText={
        props.searchText
          ? t('entity-view.no-entity-views-matching', { entity: props.searchText })
          : t('entity-view.no-entity-views-text')
      }
      label={t('entity-view.entity-views')}
    />
  );
}
