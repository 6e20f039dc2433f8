import { describe, expect, it } from 'vitest';
import { dismissNotification, notificationStore, notify, toNotification } from './notifications';

describe('notifications (spec 1-client §9)', () => {
  it('defaults to bottom left; success lasts 1000 ms plus the 500 ms grace', () => {
    expect(toNotification({ message: 'Saved', type: 'success' }, 1)).toMatchObject({
      horizontalPosition: 'left',
      verticalPosition: 'bottom',
      autoHideMs: 1500,
    });
  });

  it('keeps errors until closed unless given a duration; a forced one lasts exactly its duration', () => {
    expect(toNotification({ message: 'Failed', type: 'error' }, 1).autoHideMs).toBeNull();
    expect(toNotification({ message: 'Failed', type: 'error', duration: 3000 }, 1).autoHideMs).toBe(3500);
    expect(toNotification({ message: 'x', duration: 3000, forceDismiss: true }, 1).autoHideMs).toBe(3000);
  });

  it('queues toasts and does not repeat one already waiting', () => {
    const first = notify({ message: 'Unable to connect', type: 'error' });
    const again = notify({ message: 'Unable to connect', type: 'error' });
    const other = notify({ message: 'Saved', type: 'success' });
    expect(again).toBe(first);
    expect(notificationStore.snapshot().map((n) => n.message)).toEqual(['Unable to connect', 'Saved']);
    dismissNotification(first);
    dismissNotification(other);
    expect(notificationStore.snapshot()).toEqual([]);
  });
});
