export { JsonSchemaForm, type JsonSchemaFormProps } from './json-schema-form';
export { formToUiSchema, type TbFormItem } from './form-to-ui-schema';
export { isValidForSchema, withSchemaDefaults } from './schema-defaults';
