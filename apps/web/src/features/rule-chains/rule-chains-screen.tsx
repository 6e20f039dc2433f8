import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/entity-table/page-header';
import { ImportJsonButton } from '../../components/import-file/import-json-button';
import { usePageSearch } from '../../components/page-search/page-search';
import { RuleChainFormDialog } from './rule-chain-form-dialog';
import type { RuleChain } from './rule-chain-types';
import { RuleChainsTable } from './rule-chains-table';
import { useRuleChainActions } from './use-rule-chain-actions';

/** /ruleChains: the tenant's rule chains; a row opens the editor. */
export function RuleChainsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const searchText = usePageSearch();
  const [adding, setAdding] = useState(false);
  const { confirmDelete, confirmMakeRoot, exportChain, importFile } = useRuleChainActions();
  const open = (chain: RuleChain) => void navigate(`/ruleChains/${chain.id.id}`);

  return (
    <Box>
      <PageHeader
        title={t('rulechain.rulechains')}
        addLabel={t('rulechain.add')}
        onAdd={() => setAdding(true)}
        actions={
          <ImportJsonButton
            label={t('rulechain.import')}
            inputTestId="rulechain-import-input"
            onFile={(file) => void importFile(file)}
          />
        }
      />
      <RuleChainsTable
        searchText={searchText}
        onOpen={open}
        onExport={(chain) => void exportChain(chain)}
        onMakeRoot={(chain) => void confirmMakeRoot(chain)}
        onDelete={(chain) => void confirmDelete(chain)}
      />
      {adding && (
        <RuleChainFormDialog
          onClose={(saved) => {
            setAdding(false);
            if (saved) open(saved);
          }}
        />
      )}
    </Box>
  );
}
