import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats epoch-ms times as a date and time in the reader's language ('' for none). */
export function useDateTimeFormat(): (ms: number | null | undefined) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return (ms) => (typeof ms === 'number' ? format.format(ms) : '');
  }, [i18n.language]);
}
