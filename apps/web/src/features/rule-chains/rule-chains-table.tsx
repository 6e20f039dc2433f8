import AccountTree from '@mui/icons-material/AccountTree';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import Flag from '@mui/icons-material/Flag';
import { useTranslation } from 'react-i18next';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { EntityTable, type Column, type RowAction } from '../../components/entity-table/entity-table';
import { useDateTimeFormat } from '../contact/date-time';
import type { RuleChain } from './rule-chain-types';
import { ruleChainKeys, useRuleChainPages } from './rule-chains-queries';

export interface RuleChainsTableProps {
  searchText: string;
  onOpen: (chain: RuleChain) => void;
  onExport: (chain: RuleChain) => void;
  onMakeRoot: (chain: RuleChain) => void;
  onDelete: (chain: RuleChain) => void;
}

/** The tenant's rule chains, newest first; the root chain cannot be deleted nor made root again. */
export function RuleChainsTable({ searchText, onOpen, onExport, onMakeRoot, onDelete }: RuleChainsTableProps) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const fetchPage = useRuleChainPages();

  const columns: Column<RuleChain>[] = [
    createdTimeColumn(t, formatTime, 'md'),
    { id: 'name', label: t('rulechain.name'), sortProperty: 'name', render: (row) => row.name },
    {
      id: 'description',
      label: t('rulechain.description'),
      render: (row) => row.additionalInfo?.description ?? '',
      hideBelow: 'lg',
    },
    {
      id: 'root',
      label: t('rulechain.root'),
      sortProperty: 'root',
      align: 'center',
      width: 90,
      render: (row) =>
        row.root ? <CheckCircle color="primary" fontSize="small" titleAccess={t('rulechain.root')} /> : null,
    },
  ];
  const actions: RowAction<RuleChain>[] = [
    { id: 'open', label: t('rulechain.open-rulechain'), icon: <AccountTree fontSize="small" />, onClick: onOpen },
    { id: 'export', label: t('rulechain.export'), icon: <FileDownload fontSize="small" />, onClick: onExport },
    {
      id: 'root',
      label: t('rulechain.set-root'),
      icon: <Flag fontSize="small" />,
      onClick: onMakeRoot,
      hidden: (row) => row.root,
    },
    {
      id: 'delete',
      label: t('rulechain.delete'),
      icon: <Delete fontSize="small" />,
      onClick: onDelete,
      disabled: (row) => row.root,
    },
  ];

  return (
    <EntityTable<RuleChain>
      queryKey={ruleChainKeys.list}
      fetchPage={fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={{ property: 'createdTime', direction: 'DESC' }}
      searchText={searchText}
      actions={actions}
      onRowClick={onOpen}
      emptyText={
        searchText ? t('rulechain.no-rulechains-matching', { entity: searchText }) : t('rulechain.no-rulechains-text')
      }
      label={t('rulechain.rulechains')}
    />
  );
}
