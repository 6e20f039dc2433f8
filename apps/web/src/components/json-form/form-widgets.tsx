import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { ColorInput } from '../color-picker/color-input';
import { IconInput } from '../icon-picker/icon-input';
import { ImageInput } from '../image-input/image-input';
import { ICON_WIDGET, IMAGE_WIDGET } from './form-to-ui-schema';

// rjsf passes `undefined` for an emptied field; that drops the key, as ThingsBoard's form does
// ("empty strings become undefined", spec 2-calls §5).
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function ColorWidget(props: WidgetProps) {
  return (
    <ColorInput
      id={props.id}
      label={props.hideLabel ? undefined : props.label}
      value={text(props.value)}
      required={props.required}
      disabled={props.disabled || props.readonly}
      size="small"
      onChange={(color) => props.onChange(color ?? undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

function IconWidget(props: WidgetProps) {
  return (
    <IconInput
      id={props.id}
      label={props.hideLabel ? undefined : props.label}
      value={text(props.value)}
      required={props.required}
      disabled={props.disabled || props.readonly}
      size="small"
      onChange={(name) => props.onChange(name ?? undefined)}
    />
  );
}

function ImageWidget(props: WidgetProps) {
  return (
    <ImageInput
      label={props.hideLabel ? undefined : props.label}
      value={text(props.value)}
      disabled={props.disabled || props.readonly}
      onChange={(dataUrl) => props.onChange(dataUrl ?? undefined)}
    />
  );
}

/** Replaces rjsf's colour widget (format: 'color' and 'ui:widget': 'color') and adds icon and image. */
export const FORM_WIDGETS: RegistryWidgetsType = {
  ColorWidget,
  [ICON_WIDGET]: IconWidget,
  [IMAGE_WIDGET]: ImageWidget,
};
