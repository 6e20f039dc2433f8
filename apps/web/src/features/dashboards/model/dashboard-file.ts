// Dashboard export and import files in ThingsBoard 3.2's format: the dashboard without its id, owner
// and assignments — `{ title, configuration, name }` — so files move between ThingsBoard and here.
import type { Dashboard } from '../dashboard-types';
import { isRecord } from './json-guards';

export interface DashboardFile {
  title: string;
  configuration: Record<string, unknown>;
  name?: string;
}

export const INVALID_DASHBOARD_FILE = 'dashboard.invalid-dashboard-file-error';

export function toExportFile(dashboard: Pick<Dashboard, 'title' | 'configuration'>): DashboardFile {
  return { title: dashboard.title, configuration: dashboard.configuration ?? {}, name: dashboard.title };
}

/**
 * Reads an export file; throws the translation key of the problem. A dashboard needs a title and a
 * configuration object; ids, owner and assignments in the file are dropped (the import is a new
 * dashboard of the importing tenant).
 */
export function parseImportFile(text: string): DashboardFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(INVALID_DASHBOARD_FILE);
  }
  if (!isRecord(parsed)) throw new Error(INVALID_DASHBOARD_FILE);
  const title = typeof parsed.title === 'string' ? parsed.title.trim() : '';
  if (!title || !isRecord(parsed.configuration)) throw new Error(INVALID_DASHBOARD_FILE);
  return { title, configuration: parsed.configuration };
}
