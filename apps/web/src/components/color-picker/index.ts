export { ColorInput, type ColorInputProps } from './color-input';
export { ColorPickerDialog, type ColorPickerDialogProps } from './color-picker-dialog';
export { ColorSwatch, type ColorSwatchProps } from './color-swatch';
export { canSelectColor, formatColor, parseColor, PALETTE, sameColor } from './color-model';
