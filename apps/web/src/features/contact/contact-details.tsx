import type { ContactField } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { DetailsList } from './details-list';
import { countryLabel } from './model/country-options';

/** The contact fields of a tenant or customer, read-only. */
export function ContactDetails({ entity }: { entity: Partial<Record<ContactField, string | null>> }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailsList
      label={t('contact.contact')}
      items={[
        { label: t('contact.country'), value: countryLabel(entity.country, i18n.language) },
        { label: t('contact.state'), value: entity.state },
        { label: t('contact.city'), value: entity.city },
        { label: t('contact.postal-code'), value: entity.zip },
        { label: t('contact.address'), value: entity.address, wide: true },
        { label: t('contact.address2'), value: entity.address2, wide: true },
        { label: t('contact.phone'), value: entity.phone },
        { label: t('contact.email'), value: entity.email },
      ]}
    />
  );
}
