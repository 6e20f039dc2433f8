import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { confirmDialog } from '../../../components/dialogs/dialog-store';

/** Asks before leaving the editor with unsaved changes (in-app navigation and closing the tab). */
export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation();
  const guard = useRef(dirty);
  guard.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guard.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      title: t('rulechain.unsaved-changes-title'),
      message: t('rulechain.unsaved-changes-text'),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  /** Lets the next navigation through (right after a save, before the re-render). */
  return () => {
    guard.current = false;
  };
}
