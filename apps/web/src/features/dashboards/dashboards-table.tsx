import { useNavigate } from 'react-router';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import Link from '@mui/icons-material/Link';
import Public from '@mui/icons-material/Public';
import PublicOff from '@mui/icons-material/PublicOff';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { EntityTable, type Column, type RowAction } from '../../components/entity-table/entity-table';
import { useDateTimeFormat } from '../contact/date-time';
import type { DashboardInfo } from './dashboard-types';
import { dashboardKeys, useDashboardPages } from './dashboards-queries';
import { publicCustomerId } from './model/public-link';

/** What a tenant administrator may do from a row; other roles only read the list. */
export interface DashboardRowActions {
  onEdit: (dashboard: DashboardInfo) => void;
  onExport: (dashboard: DashboardInfo) => void;
  onManageCustomers: (dashboard: DashboardInfo) => void;
  onMakePublic: (dashboard: DashboardInfo) => void;
  onMakePrivate: (dashboard: DashboardInfo) => void;
  onShowPublicLink: (dashboard: DashboardInfo) => void;
  onDelete: (dashboard: DashboardInfo) => void;
}

export interface DashboardsTableProps {
  searchText: string;
  /** Set for customer roles: their own customer's dashboards. */
  customerId?: string;
  actions?: DashboardRowActions;
}

const isPublic = (d: DashboardInfo) => publicCustomerId(d.assignedCustomers) !== undefined;

/** Dashboards sorted by title (spec 2-calls §9), with the customers each is shared with. */
export function DashboardsTable({ searchText, customerId, actions }: DashboardsTableProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const fetchPage = useDashboardPages(customerId);

  const columns: Column<DashboardInfo>[] = [
    createdTimeColumn(t, formatTime, 'md'),
    { id: 'title', label: t('dashboard.title'), sortProperty: 'title', render: (row) => row.title },
    {
      id: 'customers',
      label: t('dashboard.assigned-customers'),
      hideBelow: 'md',
      render: (row) =>
        (row.assignedCustomers ?? [])
          .filter((c) => !c.public)
          .map((c) => c.title)
          .join(', '),
    },
    {
      id: 'public',
      label: t('dashboard.public'),
      align: 'center',
      width: 90,
      // On phones the row's link / make-private buttons already tell a public dashboard apart.
      hideBelow: 'sm',
      render: (row) =>
        isPublic(row) ? <CheckCircle color="primary" fontSize="small" titleAccess={t('dashboard.public')} /> : null,
    },
  ];
  const rowActions: RowAction<DashboardInfo>[] = actions
    ? [
        { id: 'edit', label: t('dashboard.edit'), icon: <Edit fontSize="small" />, onClick: actions.onEdit },
        {
          id: 'export',
          label: t('dashboard.export'),
          icon: <FileDownload fontSize="small" />,
          onClick: actions.onExport,
        },
        {
          id: 'customers',
          label: t('dashboard.manage-assigned-customers'),
          icon: <SupervisorAccount fontSize="small" />,
          onClick: actions.onManageCustomers,
        },
        {
          id: 'public',
          label: t('dashboard.make-public'),
          icon: <Public fontSize="small" />,
          onClick: actions.onMakePublic,
          hidden: isPublic,
        },
        {
          id: 'link',
          label: t('dashboard.public-link'),
          icon: <Link fontSize="small" />,
          onClick: actions.onShowPublicLink,
          hidden: (row) => !isPublic(row),
        },
        {
          id: 'private',
          label: t('dashboard.make-private'),
          icon: <PublicOff fontSize="small" />,
          onClick: actions.onMakePrivate,
          hidden: (row) => !isPublic(row),
        },
        { id: 'delete', label: t('dashboard.delete'), icon: <Delete fontSize="small" />, onClick: actions.onDelete },
      ]
    : [];

  return (
    <EntityTable<DashboardInfo>
      queryKey={dashboardKeys.list(customerId ?? 'tenant')}
      fetchPage={fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={{ property: 'title', direction: 'ASC' }}
      searchText={searchText}
      actions={rowActions}
      onRowClick={(row) => void navigate(`/dashboards/${row.id.id}`)}
      emptyText={
        searchText ? t('dashboard.no-dashboards-matching', { entity: searchText }) : t('dashboard.no-dashboards-text')
      }
      label={t('dashboard.dashboards')}
    />
  );
}
