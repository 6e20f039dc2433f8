export { ChipList, type ChipListProps } from './chip-list';
export { KeyListInput, type KeyListInputProps } from './key-list-input';
export {
  dropIndex,
  filterSuggestions,
  insertItem,
  moveItem,
  newEntries,
  removeItem,
  splitEntries,
} from './chip-list-model';
