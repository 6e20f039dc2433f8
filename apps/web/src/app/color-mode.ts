import type { ColorMode } from './theme';

/** The chosen theme is remembered under a TB- key like every other client setting (spec §9). */
export const COLOR_MODE_STORAGE_KEY = 'TB-theme';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): ColorMode {
  try {
    return window.localStorage.getItem(COLOR_MODE_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light'; // storage blocked (privacy mode): the default theme
  }
}

let current: ColorMode = typeof window === 'undefined' ? 'light' : read();

export const colorModeStore = {
  get: (): ColorMode => current,
  set(mode: ColorMode) {
    current = mode;
    try {
      window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
    } catch {
      // not remembered, still applied
    }
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
