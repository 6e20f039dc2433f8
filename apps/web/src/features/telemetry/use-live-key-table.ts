import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import type { LiveTableProps } from './live-table';
import { visibleEntries } from './model/live-state';
import type { LiveTelemetry } from './use-live-telemetry';

/** Translation keys of a tab's bulk delete (each takes `count`). */
export interface DeleteTexts {
  title: string;
  text: string;
  done: string;
}

export interface LiveKeyTableOptions {
  /** Translation key shown when the entity has no keys at all. */
  emptyText: string;
  deleteTexts: DeleteTexts;
  /** Deletes the keys on the server; rejects when it refused (the HTTP client showed why). */
  remove: (keys: string[]) => Promise<unknown>;
}

/**
 * What the latest-telemetry and attributes tabs share around a LiveTable: search, row selection
 * and the confirmed bulk delete of the selected keys.
 */
export function useLiveKeyTable(live: LiveTelemetry, { emptyText, deleteTexts, remove }: LiveKeyTableOptions) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rows = useMemo(() => visibleEntries(live.entries, search), [live.entries, search]);
  // Keys that disappeared (deleted elsewhere) leave the selection.
  const selectedKeys = [...selected].filter((key) => live.entries.has(key));
  const clearSelection = () => setSelected(new Set());

  const deleteSelected = async () => {
    const keys = selectedKeys;
    const ok = await confirmDialog({
      title: t(deleteTexts.title, { count: keys.length }),
      message: t(deleteTexts.text),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove(keys);
    } catch {
      return; // the HTTP client already showed the server's message
    }
    live.removeKeys(keys);
    clearSelection();
    notify({ message: t(deleteTexts.done, { count: keys.length }), type: 'success' });
  };

  const tableProps = {
    rows,
    loading: live.loading,
    error: live.error,
    emptyText: search ? t('attribute.no-keys-matching', { search }) : t(emptyText),
    search,
    onSearchChange: setSearch,
  } satisfies Partial<LiveTableProps>;

  return { selected, setSelected, selectedKeys, clearSelection, deleteSelected, tableProps };
}
