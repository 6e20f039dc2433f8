export { SharePanel, type SharePanelProps } from './share-panel';
export { isLocalHost, shareUrl, shouldShowSharePanel } from './share-model';
