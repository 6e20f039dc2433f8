import type { DeviceProfileInfo } from '../../device-profiles/device-profile-types';
import type { Device } from '../device-types';
import { ACCESS_TOKEN_MESSAGES, accessTokenProblem } from './access-token';
import { placeByRules } from './place-error';

export interface DeviceForm {
  name: string;
  label: string;
  profile: DeviceProfileInfo | null;
  gateway: boolean;
  overwriteActivityTime: boolean;
  description: string;
  /** New devices only: empty means the server generates one. */
  accessToken: string;
}

export const DEVICE_FORM_FIELDS = ['name', 'profile', 'label', 'accessToken', 'description'] as const;
export type DeviceField = (typeof DEVICE_FORM_FIELDS)[number];

export function deviceFormFrom(device: Device | undefined, profile: DeviceProfileInfo | null): DeviceForm {
  const info = device?.additionalInfo;
  return {
    name: device?.name ?? '',
    label: device?.label ?? '',
    profile,
    gateway: info?.gateway === true,
    overwriteActivityTime: info?.overwriteActivityTime === true,
    description: typeof info?.description === 'string' ? info.description : '',
    accessToken: '',
  };
}

/** The profile a device form starts with: the device's own, else (a new device) the tenant's default. */
export function initialProfile(
  device: (Device & { deviceProfileName?: string }) | undefined,
  defaultProfile: DeviceProfileInfo | undefined,
): DeviceProfileInfo | null {
  if (device) return { id: device.deviceProfileId, name: device.deviceProfileName ?? device.type };
  return defaultProfile ?? null;
}

export function validateDeviceForm(form: DeviceForm, creating: boolean): Partial<Record<DeviceField, string>> {
  const errors: Partial<Record<DeviceField, string>> = {};
  if (!form.name.trim()) errors.name = 'device.name-required';
  if (!form.profile) errors.profile = 'device.device-profile-required';
  if (creating && form.accessToken !== '') {
    const problem = accessTokenProblem(form.accessToken);
    if (problem) errors.accessToken = ACCESS_TOKEN_MESSAGES[problem];
  }
  return errors;
}

/**
 * POST /api/device body, and the optional ?accessToken= of a new device. `type` is sent as the
 * profile's name with the profile id, as ThingsBoard 3.2's client does, so both stay consistent.
 * Only wire fields go back (not the info's customer title), with additionalInfo merged, not replaced.
 */
export function devicePayload(form: DeviceForm, original: Device | undefined) {
  const otherInfo: Record<string, unknown> = { ...original?.additionalInfo };
  delete otherInfo.gateway;
  delete otherInfo.overwriteActivityTime;
  delete otherInfo.description;
  const description = form.description.trim();
  const additionalInfo = {
    ...otherInfo,
    gateway: form.gateway,
    ...(form.gateway ? { overwriteActivityTime: form.overwriteActivityTime } : {}),
    ...(description ? { description } : {}),
  };
  const body = {
    ...(original ? { id: original.id, createdTime: original.createdTime } : {}),
    name: form.name.trim(),
    label: form.label.trim() || null,
    type: form.profile?.name ?? null,
    deviceProfileId: form.profile?.id ?? null,
    additionalInfo,
  };
  return { body, accessToken: !original && form.accessToken ? form.accessToken : undefined };
}

export const devicePath = (accessToken: string | undefined) =>
  accessToken ? `/api/device?accessToken=${encodeURIComponent(accessToken)}` : '/api/device';

/** Where the server's 400 about a device belongs. */
export const placeDeviceError = placeByRules<DeviceField>([
  [/access token|credentials/i, 'accessToken'],
  [/profile/i, 'profile'],
  [/label/i, 'label'],
  [/name/i, 'name'],
]);
