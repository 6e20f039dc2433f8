import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { LoginWhiteLabelRow, LoginWhiteLabelSettings, WhiteLabelRepository } from './white-label.repository.ts';
import {
  type Checked,
  MAX_INTRO_LENGTH,
  MAX_TITLE_LENGTH,
  checkBackground,
  checkColor,
  checkDomainName,
  checkImage,
  checkLogoHeight,
  checkText,
} from './white-label-values.ts';

/** POST /api/whiteLabel/login body. `logoHeight` is accepted as another name for `height`. */
export interface LoginWhiteLabelInput {
  domainName?: string | null;
  title?: string | null;
  icon?: string | null;
  logo?: string | null;
  height?: number | null;
  logoHeight?: number | null;
  intro?: string | null;
  background?: string | null;
  color?: string | null;
}

/** The wire shape: spec 1-client §3.1 names (title, icon, intro, logo, background, height, color). */
export interface LoginWhiteLabel extends LoginWhiteLabelSettings {
  domainName: string | null;
  /** Same value as `height`, under the name admin tools use. */
  logoHeight: number | null;
}

const EMPTY: LoginWhiteLabelSettings = {
  title: null,
  icon: null,
  logo: null,
  height: null,
  intro: null,
  background: null,
  color: null,
};

function toLoginWhiteLabel(row: LoginWhiteLabelRow | undefined): LoginWhiteLabel {
  const settings = { ...EMPTY, ...row?.settings };
  return { domainName: row?.domain_name ?? null, ...settings, logoHeight: settings.height };
}

function valueOf<T>(checked: Checked<T>): T {
  if (!checked.ok) throw badRequest(checked.message);
  return checked.value;
}

const domainTaken = (domain: string) => badRequest(`Domain name '${domain}' is already used by another tenant`);

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * Login white-label: a tenant administrator brands the sign-in page served on the tenant's own host
 * name; anyone may read it by that host name (the sign-in page has no session yet).
 */
export class WhiteLabelService {
  constructor(
    private readonly db: Db,
    private readonly repo: WhiteLabelRepository,
    private readonly clock: Clock,
  ) {}

  /** The tenant's settings, or empty defaults when none were saved. */
  async getLogin(caller: Caller): Promise<LoginWhiteLabel> {
    requireAuthority(caller, 'TENANT_ADMIN');
    return toLoginWhiteLabel(await this.repo.findLoginByTenant(caller.tenantId));
  }

  async saveLogin(caller: Caller, input: LoginWhiteLabelInput): Promise<LoginWhiteLabel> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const domain = valueOf(checkDomainName(input.domainName));
    const settings: LoginWhiteLabelSettings = {
      title: valueOf(checkText('Title', input.title, MAX_TITLE_LENGTH)),
      icon: valueOf(checkImage('Icon', input.icon)),
      logo: valueOf(checkImage('Logo', input.logo)),
      height: valueOf(checkLogoHeight(input.height ?? input.logoHeight)),
      intro: valueOf(checkText('Intro', input.intro, MAX_INTRO_LENGTH)),
      background: valueOf(checkBackground(input.background)),
      color: valueOf(checkColor('Color', input.color)),
    };
    const row: LoginWhiteLabelRow = {
      tenant_id: caller.tenantId,
      domain_name: domain,
      settings,
      updated_time: this.clock.now(),
    };
    try {
      await this.db.tx(async (q) => {
        const owner = domain === null ? undefined : await this.repo.findLoginByDomain(domain, q);
        if (owner && owner.tenant_id !== caller.tenantId) throw domainTaken(domain!);
        await this.repo.upsertLogin(q, row);
      });
    } catch (err) {
      // Two tenants claiming the same name at once: the unique index decides, with the same answer.
      if (isUniqueViolation(err)) throw domainTaken(domain!);
      throw err;
    }
    return toLoginWhiteLabel(row);
  }

  async deleteLogin(caller: Caller): Promise<void> {
    requireAuthority(caller, 'TENANT_ADMIN');
    await this.repo.deleteLogin(caller.tenantId);
  }

  /** Public: the settings for the host name the sign-in page is served on, else 404. */
  async getLoginByDomain(domainName: string): Promise<LoginWhiteLabel> {
    const domain = checkDomainName(domainName);
    const row = domain.ok && domain.value !== null ? await this.repo.findLoginByDomain(domain.value) : undefined;
    if (!row) throw notFound();
    return toLoginWhiteLabel(row);
  }
}
