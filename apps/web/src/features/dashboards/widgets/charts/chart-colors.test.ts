import { describe, expect, it } from 'vitest';
import { withAlpha } from './chart-colors';

describe('withAlpha', () => {
  it('adds an alpha to hex and rgb colours', () => {
    expect(withAlpha('#2196f3', 0.3)).toBe('rgba(33, 150, 243, 0.3)');
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(withAlpha('rgba(10, 20, 30, 1)', 0.2)).toBe('rgba(10, 20, 30, 0.2)');
  });
  it('leaves other colours as they are', () => {
    expect(withAlpha('red', 0.3)).toBe('red');
  });
});
