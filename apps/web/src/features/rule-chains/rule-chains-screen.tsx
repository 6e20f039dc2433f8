import FileUpload from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/entity-table/page-header';
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
  const fileInput = useRef<HTMLInputElement>(null);
  const { confirmDelete, confirmMakeRoot, exportChain, importFile } = useRuleChainActions();
  const open = (chain: RuleChain) => void navigate(`/ruleChains/${chain.id.id}`);

  return (
    <Box>
      <PageHeader
        title={t('rulechain.rulechains')}
        addLabel={t('rulechain.add')}
        onAdd={() => setAdding(true)}
        actions={
          <Button variant="outlined" startIcon={<FileUpload />} onClick={() => fileInput.current?.click()}>
            {t('rulechain.import')}
          </Button>
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="rulechain-import-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
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
