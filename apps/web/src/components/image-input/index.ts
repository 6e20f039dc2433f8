export { ImageInput, type ImageInputProps } from './image-input';
export { checkImageFile, isImageDataUrl } from './image-model';
