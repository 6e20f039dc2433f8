export { IconInput, type IconInputProps } from './icon-input';
export { MaterialIcon, type MaterialIconProps } from './material-icon';
export { MaterialIconPicker, type MaterialIconPickerProps } from './material-icon-picker';
export { COMMON_ICONS } from './icon-names';
