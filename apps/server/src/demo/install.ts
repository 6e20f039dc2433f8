import type { Authority } from '@sapo/common';
import type { Db, Queryable } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { Services } from '../services.ts';
import { defaultTenantProfileConfiguration } from '../modules/tenant-profiles/tenant-profile-data.ts';
import { insertDefaultRootChain } from '../modules/rule-chains/default-root-chain.ts';

export const DEMO_LOGINS = [
  { email: 'sysadmin@sapo.local', password: 'sysadmin', authority: 'SYS_ADMIN' },
  { email: 'tenant@sapo.local', password: 'tenant', authority: 'TENANT_ADMIN' },
  { email: 'customer@sapo.local', password: 'customer', authority: 'CUSTOMER_USER' },
] as const;

async function addUser(
  q: Queryable,
  s: Services,
  now: number,
  u: {
    email: string;
    password: string;
    authority: Authority;
    tenantId: string | null;
    customerId: string | null;
    firstName?: string;
    lastName?: string;
  },
) {
  const id = newId();
  await s.repositories.users.insert(q, {
    id,
    createdTime: now,
    tenantId: u.tenantId,
    customerId: u.customerId,
    email: u.email,
    authority: u.authority,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    additionalInfo: {},
  });
  await s.repositories.users.insertCredentials(q, {
    id: newId(),
    created_time: now,
    user_id: id,
    enabled: true,
    password: await s.passwords.hash(u.password),
    password_changed_time: now,
  });
  return id;
}

/** System data every installation needs: settings, tenant profiles and the system administrator. */
export async function installSystemData(db: Db, s: Services, clock: Clock): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM tenant_profile LIMIT 1');
  if (existing.length > 0) return false;
  await s.settings.ensureDefaults();
  const now = clock.now();
  await db.tx(async (q) => {
    const profiles = [
      { name: 'Default', description: 'Default tenant profile', core: false, re: false, def: true },
      { name: 'Isolated TB Core', description: 'Isolated TB Core tenant profile', core: true, re: false, def: false },
      {
        name: 'Isolated TB Rule Engine',
        description: 'Isolated TB Rule Engine tenant profile',
        core: false,
        re: true,
        def: false,
      },
      {
        name: 'Isolated TB Core and TB Rule Engine',
        description: 'Isolated TB Core and TB Rule Engine tenant profile',
        core: true,
        re: true,
        def: false,
      },
    ];
    for (const [i, p] of profiles.entries()) {
      await s.repositories.tenantProfiles.insert(q, {
        id: newId(),
        created_time: now + i,
        name: p.name,
        description: p.description,
        is_default: p.def,
        isolated_tb_core: p.core,
        isolated_tb_rule_engine: p.re,
        profile_data: { configuration: defaultTenantProfileConfiguration() },
      });
    }
    await addUser(q, s, now, {
      email: 'sysadmin@sapo.local',
      password: 'sysadmin',
      authority: 'SYS_ADMIN',
      tenantId: null,
      customerId: null,
    });
  });
  return true;
}

/** The demo tenant of the architecture page: tenant admin, customers A, B, C and their users. */
export async function loadDemoData(db: Db, s: Services, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.tx(async (q) => {
    const profile = await s.repositories.tenantProfiles.findDefault(q);
    const tenantId = newId();
    await s.repositories.tenants.insert(q, {
      id: tenantId,
      created_time: now,
      title: 'Tenant',
      region: 'Global',
      tenant_profile_id: profile!.id,
      country: null,
      state: null,
      city: null,
      address: null,
      address2: null,
      zip: null,
      phone: null,
      email: null,
      additional_info: null,
    });
    await insertDefaultRootChain(q, tenantId, now);
    await addUser(q, s, now, {
      email: 'tenant@sapo.local',
      password: 'tenant',
      authority: 'TENANT_ADMIN',
      tenantId,
      customerId: null,
    });
    for (const [i, letter] of ['A', 'B', 'C'].entries()) {
      const customerId = newId();
      await s.repositories.customers.insert(q, {
        id: customerId,
        created_time: now + i,
        tenant_id: tenantId,
        title: `Customer ${letter}`,
        is_public: false,
        country: null,
        state: null,
        city: null,
        address: null,
        address2: null,
        zip: null,
        phone: null,
        email: null,
        additional_info: null,
      });
      if (letter === 'A') {
        await addUser(q, s, now, {
          email: 'customer@sapo.local',
          password: 'customer',
          authority: 'CUSTOMER_USER',
          tenantId,
          customerId,
        });
      }
      await addUser(q, s, now, {
        email: `customer${letter}@sapo.local`,
        password: 'customer',
        authority: 'CUSTOMER_USER',
        tenantId,
        customerId,
      });
    }
  });
}
