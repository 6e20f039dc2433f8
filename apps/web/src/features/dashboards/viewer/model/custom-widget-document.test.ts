import { describe, expect, it } from 'vitest';
import { WIDGET_FRAME_URL, initMessage, parseWidgetMessage } from './custom-widget-document';

describe('custom widget messages', () => {
  it('sends the author HTML, CSS and controller as data in the first message, never as markup', () => {
    const source = {
      html: '<b id="v"></b>',
      css: '</style><script>alert(1)</script>',
      js: 'self.onInit = function () {};',
    };
    const payload = { width: 10, height: 20, settings: {}, data: [], timeWindow: { minTime: 0, maxTime: 1 } };
    expect(initMessage(source, payload)).toEqual({ channel: 'sapo-widget', event: 'init', payload, source });
    // The frame is a document of its own, which the server serves with a sandboxed policy.
    expect(WIDGET_FRAME_URL).toBe('/sandbox/widget-frame.html');
  });
  it('accepts only well-formed action requests from the frame', () => {
    expect(
      parseWidgetMessage({
        channel: 'sapo-widget',
        event: 'action',
        source: 'cardClick',
        entity: { id: 'd', entityType: 'DEVICE' },
      }),
    ).toEqual({
      channel: 'sapo-widget',
      event: 'action',
      source: 'cardClick',
      entity: { id: 'd', entityType: 'DEVICE' },
    });
    expect(parseWidgetMessage({ channel: 'sapo-widget', event: 'token' })).toBeNull();
    expect(parseWidgetMessage({ channel: 'other', event: 'action', source: 'x' })).toBeNull();
    expect(parseWidgetMessage('junk')).toBeNull();
    expect(
      parseWidgetMessage({ channel: 'sapo-widget', event: 'action', source: 'x', entity: 'bad' })?.entity,
    ).toBeNull();
  });
});
