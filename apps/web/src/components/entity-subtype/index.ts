export { EntitySubtypeAutocomplete, type EntitySubtypeAutocompleteProps } from './entity-subtype-autocomplete';
export { EntitySubtypeSelect, type EntitySubtypeSelectProps } from './entity-subtype-select';
export {
  SUBTYPE_PATHS,
  SUBTYPE_TEXT,
  filterSubtypes,
  subtypeError,
  subtypeNames,
  subtypePlaceholderKey,
  subtypeSuggestions,
  type EntitySubtype,
  type SubtypeEntityType,
} from './subtype-model';
export { useEntitySubtypes, useReloadEntitySubtypes, type SubtypeClient } from './use-entity-subtypes';
