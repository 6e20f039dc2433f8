import { useEffect } from 'react';

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo — not while typing in a field or with a dialog open. */
export function useEditorKeys({ enabled, undo, redo }: { enabled: boolean; undo: () => void; redo: () => void }) {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"], [role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, undo, redo]);
}
