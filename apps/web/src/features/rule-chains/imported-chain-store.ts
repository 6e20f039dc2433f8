import type { RuleChainExport } from './rule-chain-types';

/**
 * The file picked by "Import rule chain", handed to the editor route (/ruleChains/import), which shows
 * it unsaved. Module state on purpose: a file does not belong in the URL, and a reload drops it.
 */
let pending: RuleChainExport | null = null;

export const IMPORT_ROUTE_ID = 'import';

export function setImportedChain(file: RuleChainExport | null): void {
  pending = file;
}

export function getImportedChain(): RuleChainExport | null {
  return pending;
}
