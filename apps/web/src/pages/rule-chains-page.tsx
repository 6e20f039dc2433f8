import { RuleChainsScreen } from '../features/rule-chains/rule-chains-screen';

/** Spec 1-client §2.7 /ruleChains (TENANT_ADMIN): the tenant's rule chains. */
export function RuleChainsPage() {
  return <RuleChainsScreen />;
}
