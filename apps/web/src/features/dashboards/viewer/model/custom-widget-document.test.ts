import { describe, expect, it } from 'vitest';
import { customWidgetDocument, parseWidgetMessage } from './custom-widget-document';

describe('custom widget document', () => {
  it('places the author HTML, CSS and controller after our bootstrap', () => {
    const doc = customWidgetDocument({
      html: '<b id="v"></b>',
      css: 'b{color:red}',
      js: 'self.onInit = function () {};',
    });
    expect(doc).toContain('<div id="sapo-root"><b id="v"></b></div>');
    expect(doc).toContain('<style>b{color:red}</style>');
    expect(doc.indexOf('__sapoWidget = widget')).toBeLessThan(doc.indexOf('self.onInit'));
  });
  it('keeps author code from closing our script and style elements', () => {
    const doc = customWidgetDocument({
      html: '',
      css: '</style><script>alert(1)</script>',
      js: 'var s = "</script><img src=x onerror=alert(1)>";',
    });
    expect(doc).not.toContain('</style><script>alert(1)');
    expect(doc).not.toMatch(/"<\/script><img/);
    // Our two style elements end where we end them; the body holds exactly our two scripts.
    expect(doc.match(/<\/style>/g)).toHaveLength(2);
    expect(doc.split('</head>')[1]?.match(/<\/script>/g)).toHaveLength(2);
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
