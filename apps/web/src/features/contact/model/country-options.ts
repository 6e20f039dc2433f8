import { COUNTRIES } from '../countries';

export interface CountryOption {
  /** The English name: what is stored. */
  name: string;
  /** The name in the reader's language (the English name when the browser cannot translate it). */
  label: string;
}

function regionNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language.replace('_', '-')], { type: 'region', fallback: 'none' });
  } catch {
    return undefined;
  }
}

/**
 * The countries in the reader's language, sorted for that language. A stored value that is not in the
 * list (typed by another client) is offered too, so editing never loses it.
 */
export function countryOptions(language: string, current?: string): CountryOption[] {
  const names = language.startsWith('en') ? undefined : regionNames(language);
  const options = COUNTRIES.map(([code, name]) => ({ name, label: names?.of(code) ?? name }));
  const value = current?.trim();
  if (value && !options.some((option) => option.name === value)) options.push({ name: value, label: value });
  const collator = new Intl.Collator(language.replace('_', '-'));
  return options.sort((a, b) => collator.compare(a.label, b.label));
}

/** A country's name in the reader's language, for tables and details. */
export function countryLabel(name: string | null | undefined, language: string): string {
  if (!name) return '';
  const code = COUNTRIES.find(([, english]) => english === name)?.[0];
  if (!code || language.startsWith('en')) return name;
  return regionNames(language)?.of(code) ?? name;
}
