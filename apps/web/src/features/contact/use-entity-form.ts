import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeServerError, type PlacedError } from '../../components/entity-form/server-field-error';

export interface EntityFormOptions<F> {
  initial: F;
  /** Client checks: translation keys by field name; empty when the form may be sent. */
  validate: (form: F) => Partial<Record<string, string>>;
  /** Field names a server message may be placed on. */
  fields: readonly string[];
}

/**
 * State of a create/edit dialog: the values, client errors shown once a save was tried, and a server
 * 400 placed on its field (or kept for the dialog's alert). A failed save keeps every typed value.
 */
export function useEntityForm<F>({ initial, validate, fields }: EntityFormOptions<F>) {
  const { t } = useTranslation();
  const [form, setForm] = useState<F>(initial);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<PlacedError | null>(null);
  const errors = validate(form);

  /** Changes the form; a server message about the changed field (or a general one) goes away. */
  const change = (next: F | ((current: F) => F), field?: string) => {
    setForm(next);
    setServer((current) => (current && (!current.field || current.field === field) ? null : current));
  };

  const fieldError = (field: string): string | undefined => {
    if (server?.field === field) return server.message;
    const key = tried ? errors[field] : undefined;
    return key ? t(key) : undefined;
  };

  /** Runs `save` when the client checks pass; a thrown error's message is placed, never lost. */
  const submit = async (save: (form: F) => Promise<unknown>): Promise<boolean> => {
    setTried(true);
    const invalid = fields.find((field) => errors[field]);
    if (invalid) {
      focusField(invalid);
      return false;
    }
    setServer(null);
    try {
      await save(form);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const placed = placeServerError(message, fields);
      setServer(placed);
      if (placed.field) focusField(placed.field);
      return false;
    }
  };

  return {
    form,
    change,
    fieldError,
    /** A server message that belongs to no field. */
    generalError: server && !server.field ? server.message : undefined,
    submit,
  };
}

function focusField(name: string) {
  // Inside the open dialog only: the page behind may have inputs with the same name.
  const input = document.querySelector<HTMLElement>(`[role="dialog"] [name="${name}"]`);
  input?.focus();
}
