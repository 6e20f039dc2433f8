/**
 * Keyboard shortcuts (spec 1-client §2.8): a combo string such as 'shift+?' or 'mod+k', where 'mod'
 * is Cmd on a Mac and Ctrl elsewhere. Pure helpers; the shell binds them.
 */
export interface Hotkey {
  combo: string;
  /** Translation key; only shortcuts with a description are listed in the cheat sheet. */
  description?: string;
  /** Also fires inside input, select and textarea fields. */
  allowIn?: boolean;
}

const LABELS = {
  mac: { mod: '⌘ Cmd', ctrl: 'Ctrl', alt: '⌥ Option', shift: '⇧ Shift', meta: '⌘ Cmd' },
  other: { mod: 'Ctrl', ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: 'Win' },
} as const;

/** The keys of a combo as shown to the user: modifiers as Cmd or Ctrl, Option or Alt, Shift. */
export function formatCombo(combo: string, isMac: boolean): string[] {
  const labels = isMac ? LABELS.mac : LABELS.other;
  return combo.split('+').map((part) => {
    const key = part.trim().toLowerCase();
    if (key in labels) return labels[key as keyof typeof labels];
    return part.length === 1 ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1);
  });
}

export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target?: unknown;
}

const EDITABLE = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

function isEditable(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as { tagName?: string; isContentEditable?: boolean };
  return EDITABLE.has(element.tagName ?? '') || element.isContentEditable === true;
}

/** Whether a key event triggers the shortcut. Shift is implied by printable keys like '?'. */
export function matchesHotkey(hotkey: Hotkey, event: KeyEventLike, isMac: boolean): boolean {
  if (!hotkey.allowIn && isEditable(event.target)) return false;
  const parts = hotkey.combo.toLowerCase().split('+');
  const key = parts.at(-1);
  const mods = new Set(parts.slice(0, -1));
  const wantCtrl = mods.has('ctrl') || (mods.has('mod') && !isMac);
  const wantMeta = mods.has('meta') || (mods.has('mod') && isMac);
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== mods.has('alt')) return false;
  const printable = key !== undefined && key.length === 1;
  if (!printable && event.shiftKey !== mods.has('shift')) return false;
  return event.key.toLowerCase() === key;
}
