export { FabStack, type FabAction, type FabStackProps } from './fab-stack';
