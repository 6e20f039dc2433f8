export { FileInput, type FileInputProps, type LoadedTextFile } from './file-input';
export { acceptedExtensions, checkFile, formatFileSize } from './file-size';
