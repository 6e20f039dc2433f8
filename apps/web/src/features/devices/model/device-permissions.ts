import type { Authority } from '@sapo/common';

/**
 * What each role may do on the devices screen (reference §2.3, spec 1-client §6). The server enforces
 * the same; the screen only hides what would be refused. Customer roles get a read-only view
 * (ADR 0010), with the credentials readable so a customer can set up its own device.
 */
export interface DevicePermissions {
  create: boolean;
  edit: boolean;
  /** Moving a device to another profile is the tenant administrator's. */
  editProfile: boolean;
  delete: boolean;
  assign: boolean;
  readCredentials: boolean;
  manageCredentials: boolean;
  import: boolean;
  /** Whose the device is: tenant roles see the customer columns, customers know it is theirs. */
  seeOwner: boolean;
}

const NONE: DevicePermissions = {
  create: false,
  edit: false,
  editProfile: false,
  delete: false,
  assign: false,
  readCredentials: false,
  manageCredentials: false,
  import: false,
  seeOwner: false,
};

export function devicePermissions(authority: Authority | undefined): DevicePermissions {
  switch (authority) {
    case 'TENANT_ADMIN':
      return {
        create: true,
        edit: true,
        editProfile: true,
        delete: true,
        assign: true,
        readCredentials: true,
        manageCredentials: true,
        import: true,
        seeOwner: true,
      };
    case 'TENANT_USER':
      return { ...NONE, edit: true, readCredentials: true, seeOwner: true };
    case 'CUSTOMER_ADMIN':
    case 'CUSTOMER_USER':
      return { ...NONE, readCredentials: true };
    default:
      return NONE;
  }
}
