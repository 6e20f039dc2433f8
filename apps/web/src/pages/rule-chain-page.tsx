import { useParams } from 'react-router';
import { RuleChainEditorScreen } from '../features/rule-chains/editor/rule-chain-editor-screen';

/** /ruleChains/:ruleChainId (TENANT_ADMIN): the rule chain editor ('import' shows an imported file unsaved). */
export function RuleChainPage() {
  const { ruleChainId = '' } = useParams();
  return <RuleChainEditorScreen key={ruleChainId} ruleChainId={ruleChainId} />;
}
