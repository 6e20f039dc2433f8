import { DevicesScreen } from '../features/devices/devices-screen';

/** Spec 1-client §2.7 /devices (tenant and customer roles): the devices the user may see. */
export function DevicesPage() {
  return <DevicesScreen />;
}
