import {
  TITLED_CONTACT_FIELDS,
  titledContactFormFrom,
  titledContactPayload,
  validateTitledContact,
  type TitledContactForm,
} from '../../contact/model/titled-contact-form';
import type { Customer } from '../customer-types';

export type CustomerForm = TitledContactForm;
export const CUSTOMER_FORM_FIELDS = TITLED_CONTACT_FIELDS;

export const customerFormFrom = (customer: Customer | undefined): CustomerForm => titledContactFormFrom(customer);
export const validateCustomerForm = validateTitledContact;

/**
 * POST /api/customer body. The tenant comes from the signed-in admin on the server; an edit sends the
 * loaded customer back whole with the form merged in.
 */
export function customerPayload(form: CustomerForm, original: Customer | undefined) {
  return titledContactPayload(form, original);
}
