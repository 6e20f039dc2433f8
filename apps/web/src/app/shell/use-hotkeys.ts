import { useEffect, useRef } from 'react';
import { matchesHotkey, type Hotkey } from '../navigation/hotkeys';
import { IS_MAC } from './cheat-sheet';

export interface BoundHotkey extends Hotkey {
  handler: () => void;
}

/** Binds shortcuts on the document while mounted; the latest handlers are used without re-binding. */
export function useHotkeys(hotkeys: readonly BoundHotkey[]) {
  const current = useRef(hotkeys);
  current.current = hotkeys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const hit = current.current.find((hotkey) => matchesHotkey(hotkey, event, IS_MAC));
      if (!hit) return;
      event.preventDefault();
      hit.handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
