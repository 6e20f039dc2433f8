import { describe, expect, it } from 'vitest';
import { placeServerError } from './server-field-error';

const FIELDS = ['title', 'email', 'phone', 'address', 'address2', 'zip', 'firstName'];

describe('placing server errors on fields', () => {
  it('uses the quoted field name of schema errors, nested paths included', () => {
    expect(placeServerError("Invalid value of 'phone': must match pattern", FIELDS).field).toBe('phone');
    expect(placeServerError("Invalid value of 'additionalInfo.address2': too long", FIELDS).field).toBe('address2');
    expect(placeServerError("Field 'title' is required", FIELDS).field).toBe('title');
  });

  it('recognises a field named in words', () => {
    expect(placeServerError('Customer title should be specified!', FIELDS)).toEqual({
      field: 'title',
      message: 'Customer title should be specified!',
    });
    expect(placeServerError("Invalid email address format 'x@'!", FIELDS).field).toBe('email');
  });

  it('leaves a message about no known field for the form as a whole', () => {
    expect(placeServerError('Tenant profile limit reached', FIELDS)).toEqual({
      message: 'Tenant profile limit reached',
    });
  });
});
