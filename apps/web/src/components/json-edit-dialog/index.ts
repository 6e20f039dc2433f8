export { JsonEditDialog, type JsonEditDialogProps } from './json-edit-dialog';
export { canSaveJson, formatJson, parseJsonText } from './json-edit-model';
