import { AssetsScreen } from '../features/assets/assets-screen';

/** Spec 1-client §2.7 /assets (tenant and customer roles): the assets table. */
export function AssetsPage() {
  return <AssetsScreen />;
}
