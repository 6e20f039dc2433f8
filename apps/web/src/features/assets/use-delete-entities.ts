import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { useBulkRunner, useBulkSummary } from '../assignment';

/** What to say around a delete, per entity kind (translation keys). */
export interface DeleteTexts {
  /** With {{name}}. */
  oneTitle: string;
  oneText: string;
  /** With {{count}}. */
  manyTitle: string;
  manyText: string;
  /** With {{name}}. */
  oneDeleted: string;
  /** With {{count}}. */
  manyDeleted: string;
}

interface Named {
  id: { id: string };
  name: string;
}

/**
 * Delete one or several entities: asks first (naming the one, or counting the many), runs the calls
 * with progress, sums up in one toast, refreshes. Resolves to the ids that were deleted.
 */
export function useDeleteEntities(
  texts: DeleteTexts,
  remove: (id: string) => Promise<unknown>,
  invalidate: () => Promise<unknown>,
) {
  const { t } = useTranslation();
  const runner = useBulkRunner();
  const summary = useBulkSummary();

  /**
   * `onConfirmed` runs before the calls with the ids about to go, so a details panel showing one of them
   * closes and does not reload an entity that is gone.
   */
  const run = async <T extends Named>(
    entities: readonly T[],
    onConfirmed?: (ids: string[]) => void,
  ): Promise<string[]> => {
    if (entities.length === 0) return [];
    const one = entities.length === 1 ? entities[0] : undefined;
    const ok = await confirmDialog({
      title: one ? t(texts.oneTitle, { name: one.name }) : t(texts.manyTitle, { count: entities.length }),
      message: one ? t(texts.oneText) : t(texts.manyText, { count: entities.length }),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return [];
    onConfirmed?.(entities.map((entity) => entity.id.id));
    const label = one ? t(texts.oneTitle, { name: one.name }) : t(texts.manyTitle, { count: entities.length });
    const result = await runner.run(label, entities, (entity) => remove(entity.id.id));
    await invalidate();
    summary(result, one ? t(texts.oneDeleted, { name: one.name }) : t(texts.manyDeleted, { count: entities.length }));
    return result.succeeded.map((entity) => entity.id.id);
  };

  return { run, progress: runner.progress };
}
