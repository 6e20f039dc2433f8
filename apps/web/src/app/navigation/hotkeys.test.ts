import { describe, expect, it } from 'vitest';
import { formatCombo, matchesHotkey } from './hotkeys';

const key = (k: string, extra: Partial<Parameters<typeof matchesHotkey>[1]> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('hotkeys', () => {
  it('shows modifiers as Cmd or Ctrl, Option or Alt, Shift', () => {
    expect(formatCombo('mod+alt+shift+f', true)).toEqual(['⌘ Cmd', '⌥ Option', '⇧ Shift', 'F']);
    expect(formatCombo('mod+alt+shift+f', false)).toEqual(['Ctrl', 'Alt', 'Shift', 'F']);
    expect(formatCombo('?', false)).toEqual(['?']);
  });

  it('matches mod as Ctrl off a Mac and Cmd on it', () => {
    const hotkey = { combo: 'mod+k' };
    expect(matchesHotkey(hotkey, key('k', { ctrlKey: true }), false)).toBe(true);
    expect(matchesHotkey(hotkey, key('k', { ctrlKey: true }), true)).toBe(false);
    expect(matchesHotkey(hotkey, key('k', { metaKey: true }), true)).toBe(true);
    expect(matchesHotkey(hotkey, key('k'), false)).toBe(false);
  });

  it('treats ? as one key whatever Shift does', () => {
    expect(matchesHotkey({ combo: '?' }, key('?', { shiftKey: true }), false)).toBe(true);
  });

  it('ignores shortcuts typed in input, select and textarea unless allowed', () => {
    const inInput = key('?', { target: { tagName: 'INPUT' } });
    expect(matchesHotkey({ combo: '?' }, inInput, false)).toBe(false);
    expect(matchesHotkey({ combo: '?', allowIn: true }, inInput, false)).toBe(true);
    expect(matchesHotkey({ combo: '?' }, key('?', { target: { tagName: 'TEXTAREA' } }), false)).toBe(false);
    expect(matchesHotkey({ combo: '?' }, key('?', { target: { tagName: 'DIV' } }), false)).toBe(true);
  });
});
