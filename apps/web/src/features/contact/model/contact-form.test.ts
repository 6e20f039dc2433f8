import { describe, expect, it } from 'vitest';
import { contactFormErrors, contactFormFrom, contactPayload, emptyContactForm } from './contact-form';
import { countryLabel, countryOptions } from './country-options';
import { titledContactFormFrom, titledContactPayload, validateTitledContact } from './titled-contact-form';

describe('contact form', () => {
  it('turns nulls into empty text and back, trimming', () => {
    const form = contactFormFrom({ country: 'Germany', city: null, zip: ' 10115 ' });
    expect(form).toEqual({ ...emptyContactForm(), country: 'Germany', zip: ' 10115 ' });
    expect(contactPayload(form)).toEqual({
      country: 'Germany',
      state: null,
      city: null,
      address: null,
      address2: null,
      zip: '10115',
      phone: null,
      email: null,
    });
  });

  it('reports format errors by message key', () => {
    const form = { ...emptyContactForm(), email: 'x@', phone: '555', country: 'Japan', zip: '1234' };
    expect(contactFormErrors(form)).toEqual({
      email: 'user.invalid-email-format',
      phone: 'contact.phone-invalid',
      zip: 'contact.postal-code-invalid',
    });
  });
});

describe('titled contact form', () => {
  const customer = {
    id: { id: 'c1', entityType: 'CUSTOMER' },
    createdTime: 1,
    tenantId: { id: 't1', entityType: 'TENANT' },
    title: 'Acme',
    email: 'ops@acme.test',
    phone: null,
    additionalInfo: { description: 'Big one', homeDashboardId: 'd1' },
  };

  it('reads the description from additionalInfo', () => {
    const form = titledContactFormFrom(customer);
    expect(form.title).toBe('Acme');
    expect(form.description).toBe('Big one');
    expect(form.contact.email).toBe('ops@acme.test');
    expect(titledContactFormFrom(undefined)).toEqual({ title: '', description: '', contact: emptyContactForm() });
  });

  it('requires a title', () => {
    const form = titledContactFormFrom(undefined);
    expect(validateTitledContact(form)).toEqual({ title: 'common.title-required' });
    expect(validateTitledContact({ ...form, title: '  ' }).title).toBe('common.title-required');
    expect(validateTitledContact({ ...form, title: 'A' })).toEqual({});
  });

  it('keeps what the form does not show and merges what it does', () => {
    const form = titledContactFormFrom(customer);
    form.title = ' Acme Corp ';
    form.description = '';
    form.contact.phone = '+14155550100';
    const body = titledContactPayload(form, customer);
    expect(body.id).toEqual(customer.id);
    expect(body.tenantId).toEqual(customer.tenantId);
    expect(body.createdTime).toBe(1);
    expect(body.title).toBe('Acme Corp');
    expect(body.phone).toBe('+14155550100');
    expect(body.additionalInfo).toEqual({ description: '', homeDashboardId: 'd1' });
  });

  it('builds a new entity from the form alone', () => {
    const form = { ...titledContactFormFrom(undefined), title: 'New', description: ' Hi ' };
    const body = titledContactPayload(form, undefined);
    expect(body).toMatchObject({ title: 'New', additionalInfo: { description: 'Hi' }, email: null });
    expect('id' in body).toBe(false);
  });
});

describe('countries', () => {
  it('stores English names and shows them in the reader language', () => {
    const en = countryOptions('en_US');
    expect(en.find((option) => option.name === 'Germany')?.label).toBe('Germany');
    const zh = countryOptions('zh_TW');
    expect(zh.find((option) => option.name === 'Germany')?.label).toBe('德國');
    expect(countryLabel('Taiwan', 'zh_TW')).toBe('台灣');
    expect(countryLabel('Germany', 'en_US')).toBe('Germany');
    expect(countryLabel(null, 'en_US')).toBe('');
  });

  it('offers a stored value that is not in the list', () => {
    expect(countryOptions('en_US', 'Atlantis').some((option) => option.name === 'Atlantis')).toBe(true);
    expect(countryOptions('en_US', 'Germany').filter((option) => option.name === 'Germany')).toHaveLength(1);
  });

  it('lists every country of the postal-code table by its stored name', async () => {
    const { POSTAL_CODE_PATTERNS } = await import('@sapo/common');
    const names = new Set(countryOptions('en_US').map((option) => option.name));
    for (const country of Object.keys(POSTAL_CODE_PATTERNS)) expect(names, country).toContain(country);
  });
});
