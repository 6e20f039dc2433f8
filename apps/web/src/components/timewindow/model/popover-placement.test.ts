import { describe, expect, it } from 'vitest';
import { popoverPlacement } from './popover-placement';

const viewport = { width: 1280, height: 800 };

describe('time-window overlay placement', () => {
  it('opens below, from the start side, when there is room', () => {
    expect(popoverPlacement({ top: 50, bottom: 80, left: 100, right: 300 }, viewport)).toEqual({
      anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      transformOrigin: { vertical: 'top', horizontal: 'left' },
    });
  });

  it('flips above when less than 375 px remain below', () => {
    const p = popoverPlacement({ top: 600, bottom: 630, left: 100, right: 300 }, viewport);
    expect(p.anchorOrigin.vertical).toBe('top');
    expect(p.transformOrigin.vertical).toBe('bottom');
  });

  it('aligns to the end side when less than 417 px remain to the right', () => {
    const p = popoverPlacement({ top: 50, bottom: 80, left: 1000, right: 1200 }, viewport);
    expect(p.anchorOrigin.horizontal).toBe('right');
    expect(p.transformOrigin.horizontal).toBe('right');
  });
});
