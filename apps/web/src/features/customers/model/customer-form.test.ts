import { describe, expect, it } from 'vitest';
import { isPublicCustomer, type Customer } from '../customer-types';
import { customerFormFrom, customerPayload, validateCustomerForm } from './customer-form';

const customer: Customer = {
  id: { entityType: 'CUSTOMER', id: 'c1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't1' },
  title: 'Customer A',
  phone: '+886223456789',
  country: 'Taiwan',
  zip: '100',
  additionalInfo: { description: 'North office' },
};

describe('customer form', () => {
  it('round-trips a customer unchanged', () => {
    const body = customerPayload(customerFormFrom(customer), customer);
    expect(body).toMatchObject({ ...customer, email: null, city: null });
  });

  it('validates title, email, phone and postal code', () => {
    const form = customerFormFrom(undefined);
    form.contact = { ...form.contact, email: 'bad', phone: '0912', country: 'United States', zip: 'ABCDE' };
    expect(validateCustomerForm(form)).toEqual({
      title: 'common.title-required',
      email: 'user.invalid-email-format',
      phone: 'contact.phone-invalid',
      zip: 'contact.postal-code-invalid',
    });
  });

  it('knows the public customer', () => {
    expect(isPublicCustomer(customer)).toBe(false);
    expect(isPublicCustomer({ ...customer, additionalInfo: { isPublic: true } })).toBe(true);
  });
});
