import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { JsonSchemaForm } from './json-schema-form';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

// Server rendering needs no DOM: it proves rjsf's MUI theme renders with this MUI major and that
// the form list reaches the fields (order, colour widget, enum, array of objects).
describe('JsonSchemaForm (server render)', () => {
  const schema = {
    type: 'object',
    properties: {
      units: { type: 'string', title: 'Units' },
      color: { type: 'string', title: 'Main colour', format: 'color', default: '#2196f3' },
      position: { type: 'string', title: 'Position', enum: ['top', 'bottom'], default: 'bottom' },
      ranges: {
        type: 'array',
        title: 'Ranges',
        items: { type: 'object', properties: { from: { type: 'number', title: 'From' } } },
      },
    },
  };

  it('renders the fields in the form order with the colour input', () => {
    const html = renderToString(
      <JsonSchemaForm
        schema={schema}
        form={['position', { key: 'color', type: 'color' }, 'units']}
        value={{ ranges: [{ from: 1 }] }}
        onChange={() => undefined}
      />,
    );
    expect(html).not.toContain('<form');
    const order = ['Position', 'Main colour', 'Units', 'Ranges'].map((label) => html.indexOf(label));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The default colour shows in the colour field, and the array item's field is there.
    expect(html).toContain('value="#2196f3"');
    expect(html).toContain('From');
  });
});
