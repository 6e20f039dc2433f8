export { GatewayPicker, type GatewayPickerProps } from './gateway-picker';
export {
  DEFAULT_GATEWAY_TYPE,
  gatewayListPath,
  gatewayOptions,
  initialGateway,
  isGatewayDevice,
  newGatewayPayload,
  type GatewayDevice,
} from './gateway-model';
