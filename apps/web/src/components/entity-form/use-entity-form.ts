import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeServerError } from './server-field-error';

/** `K` is the field names: given by the caller, else any string (it is never inferred from `fields`). */
export interface EntityFormOptions<F, K extends string = string> {
  initial: F;
  /** Client checks: translation keys by field name; empty when the form may be sent. */
  validate: (form: F) => Partial<Record<NoInfer<K>, string>>;
  /** Field names a server message may be placed on, in order: the first invalid one gets the focus. */
  fields: readonly NoInfer<K>[];
  /**
   * The field a server 400 message is about, if any (else it shows above the form). By default
   * `placeServerError`; features whose server names fields in words (devices, device profiles) give
   * their own rule.
   */
  place?: (message: string) => NoInfer<K> | undefined;
}

/**
 * State of a create/edit dialog: the values, client errors shown once a save was tried, and a server
 * 400 placed on its field (or kept for the dialog's alert). A failed save keeps every typed value.
 */
export function useEntityForm<F, K extends string = string>({
  initial,
  validate,
  fields,
  place,
}: EntityFormOptions<F, K>) {
  const { t } = useTranslation();
  const [form, setForm] = useState<F>(initial);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ field?: K | undefined; message: string } | null>(null);
  const errors = validate(form);

  /** Changes the form; a server message about the changed field (or a general one) goes away. */
  const change = (next: F | ((current: F) => F), field?: K) => {
    setForm(next);
    setServer((current) => (current && (!current.field || current.field === field) ? null : current));
  };

  const fieldError = (field: K): string | undefined => {
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
      const field = place ? place(message) : (placeServerError(message, fields).field as K | undefined);
      setServer({ field, message });
      if (field) focusField(field);
      return false;
    }
  };

  return {
    form,
    change,
    fieldError,
    /** Fields with a client error once a save was tried (tabs mark the ones that hold an error). */
    invalidFields: tried ? (Object.keys(errors) as K[]) : [],
    /** The field the server's message was placed on, if any. */
    serverField: server?.field,
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
