import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { useConfirmedDelete } from '../../components/entity-table/use-confirmed-delete';
import { downloadJson } from '../../lib/download';
import { notify } from '../../lib/notifications';
import { IMPORT_ROUTE_ID, setImportedChain } from './imported-chain-store';
import { exportFileName, parseImportFile, toExportFile } from './model/rule-chain-file';
import type { RuleChain } from './rule-chain-types';
import { useDeleteRuleChain, useMakeRootRuleChain, useRuleChainApi } from './rule-chains-queries';

/** Delete, make root, export and import of rule chains, each confirmed where ThingsBoard asks. */
export function useRuleChainActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = useRuleChainApi();
  const confirmedDelete = useConfirmedDelete(useDeleteRuleChain().mutateAsync);
  const makeRoot = useMakeRootRuleChain();

  const confirmDelete = (chain: RuleChain) =>
    confirmedDelete(chain.id.id, {
      title: t('rulechain.delete-rulechain-title', { ruleChainName: chain.name }),
      message: t('rulechain.delete-rulechain-text'),
      deleted: t('rulechain.rulechain-deleted', { name: chain.name }),
    });

  const confirmMakeRoot = async (chain: RuleChain) => {
    const ok = await confirmDialog({
      title: t('rulechain.set-root-rulechain-title', { ruleChainName: chain.name }),
      message: t('rulechain.set-root-rulechain-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return false;
    try {
      await makeRoot.mutateAsync(chain.id.id);
    } catch {
      return false;
    }
    notify({ message: t('rulechain.root-set', { name: chain.name }), type: 'success' });
    return true;
  };

  const exportChain = async (chain: RuleChain) => {
    try {
      const metadata = await api.getMetadata(chain.id.id);
      downloadJson(toExportFile(chain, metadata), exportFileName(chain.name));
    } catch {
      // The client already showed the server's message.
    }
  };

  /** Reads the file and opens it in the editor, unsaved. */
  const importFile = async (file: File) => {
    try {
      setImportedChain(parseImportFile(await file.text()));
    } catch (error) {
      notify({
        message: t(error instanceof Error ? error.message : 'rulechain.invalid-rulechain-file-error'),
        type: 'error',
      });
      return;
    }
    void navigate(`/ruleChains/${IMPORT_ROUTE_ID}`);
  };

  return { confirmDelete, confirmMakeRoot, exportChain, importFile };
}
