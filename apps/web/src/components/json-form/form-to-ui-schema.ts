import type { UiSchema } from '@rjsf/utils';

/**
 * One entry of ThingsBoard's `form` list (angular-schema-form): a property key ("name", "a.b",
 * "items[].color", or the key as a path array), or an object that gives the key a field type, a
 * title, or groups nested entries (fieldset, section, array).
 */
export type TbFormItem = string | readonly string[] | TbFormObject;

export interface TbFormObject {
  key?: string | readonly string[];
  type?: string;
  title?: string;
  items?: readonly TbFormItem[];
  [extra: string]: unknown;
}

/** Widget names registered by JsonSchemaForm for the field types rjsf does not have. */
export const IMAGE_WIDGET = 'ImageWidget';
export const ICON_WIDGET = 'IconWidget';

// TB field types → rjsf widget. Code editors (javascript, json, html, css, markdown) become a
// monospace textarea: the settings stay editable without loading a code editor per field.
const CODE_TYPES = new Set(['javascript', 'json', 'html', 'css', 'markdown']);
function widgetFor(type: string | undefined): UiSchema | undefined {
  switch (type) {
    case 'color':
      return { 'ui:widget': 'color' };
    case 'textarea':
      return { 'ui:widget': 'textarea' };
    case 'image':
      return { 'ui:widget': IMAGE_WIDGET };
    case 'icon':
      return { 'ui:widget': ICON_WIDGET };
    case 'password':
      return { 'ui:widget': 'password' };
    case 'radios':
      return { 'ui:widget': 'radio' };
    default:
      return type && CODE_TYPES.has(type)
        ? { 'ui:widget': 'textarea', 'ui:options': { rows: 6, code: type } }
        : undefined;
  }
}

/** "a.b", "list[].color" or ['a', 'b'] → path segments; '[]' stands for "each array item". */
export function parseFormKey(key: string | readonly string[]): string[] {
  const parts = typeof key === 'string' ? key.split('.') : [...key];
  const out: string[] = [];
  for (const part of parts) {
    // "list[]" and "list[0]" both address the items of "list".
    const match = /^(.*?)\[\d*\]$/.exec(part);
    if (match) {
      if (match[1]) out.push(match[1]);
      out.push('[]');
    } else if (part !== '') out.push(part);
  }
  return out;
}

interface Node {
  ui: UiSchema;
  order: string[];
  children: Map<string, Node>;
}

const newNode = (): Node => ({ ui: {}, order: [], children: new Map() });

function child(node: Node, name: string): Node {
  let next = node.children.get(name);
  if (!next) {
    next = newNode();
    node.children.set(name, next);
    // '[]' is the array's item schema, not a property: it takes no place in an order list.
    if (name !== '[]') node.order.push(name);
  }
  return next;
}

const isKey = (key: unknown): key is string | readonly string[] =>
  typeof key === 'string' || (Array.isArray(key) && key.every((part) => typeof part === 'string'));

// Form lists come from imported dashboards: anything that is not a key or an entry is skipped.
function visit(root: Node, item: unknown): void {
  if (isKey(item)) {
    place(root, item);
    return;
  }
  if (typeof item !== 'object' || item === null) return;
  const entry = item as TbFormObject;
  if (isKey(entry.key)) {
    const node = place(root, entry.key);
    if (!node) return;
    const widget = widgetFor(entry.type);
    if (widget) Object.assign(node.ui, widget);
    if (typeof entry.title === 'string' && entry.title) node.ui['ui:title'] = entry.title;
  }
  // fieldsets/sections have no key of their own; arrays repeat their full item keys inside.
  if (Array.isArray(entry.items)) for (const sub of entry.items) visit(root, sub);
}

function place(root: Node, key: string | readonly string[]): Node | undefined {
  const path = parseFormKey(key);
  if (path.length === 0 || path[0] === '*') return undefined;
  let node = root;
  for (const segment of path) node = child(node, segment);
  return node;
}

function build(node: Node): UiSchema {
  const ui: UiSchema = { ...node.ui };
  for (const [name, sub] of node.children) {
    const built = build(sub);
    if (Object.keys(built).length > 0) ui[name === '[]' ? 'items' : name] = built;
  }
  // '*' keeps properties the form list leaves out (rjsf throws when an order list misses one).
  if (node.order.length > 0) ui['ui:order'] = [...node.order, '*'];
  return ui;
}

/**
 * ThingsBoard's `form` list as an rjsf uiSchema: the field order ('ui:order' at each level) and the
 * field types (color, textarea, image, icon, code types). An empty list gives an empty uiSchema,
 * which lets rjsf use the schema's own order.
 */
export function formToUiSchema(form: readonly TbFormItem[] | readonly unknown[] | undefined | null): UiSchema {
  const root = newNode();
  for (const item of form ?? []) visit(root, item);
  return build(root);
}
