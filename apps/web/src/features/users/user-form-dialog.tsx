import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { placeServerError } from '../../components/entity-form/server-field-error';
import { PasswordField } from '../../components/password-field/password-field';
import {
  SERVER_ERROR_FIELDS,
  emptyUserForm,
  isUserFormChanged,
  saveUserQuery,
  userBody,
  userFormFromUser,
  validateUserForm,
  type UserForm,
  type UserFormErrors,
  type UserFormField,
} from './model/user-form';
import { ACTIVATION_MODES, scopeRoles, type ActivationMode, type User, type UserScope } from './model/user-types';
import { useSaveUser } from './users-queries';

export interface UserFormDialogProps {
  scope: UserScope;
  /** The user to edit; absent to add one. */
  user?: User | undefined;
  onClose: () => void;
  onSaved: (saved: User, activation: ActivationMode | null) => void;
}

/**
 * Add or edit a user. A new user also gets a role and an activation method (spec 1-client §3.1). What was
 * typed stays after a failed save; the server's message goes under its field or on top of the form.
 */
export function UserFormDialog({ scope, user, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation();
  const isNew = !user;
  const initial = useMemo(() => (user ? userFormFromUser(user) : emptyUserForm(scope)), [user, scope]);
  const [form, setForm] = useState<UserForm>(initial);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [serverError, setServerError] = useState<{ field?: UserFormField; message: string }>();
  const save = useSaveUser();

  const update = <K extends UserFormField>(field: K, value: UserForm[K]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // After a failed submit the messages follow the typing, so they vanish once a field is fixed.
    if (Object.keys(errors).length > 0) setErrors(validateUserForm(next, isNew));
    if (serverError && (!serverError.field || serverError.field === field)) setServerError(undefined);
  };

  const submit = () => {
    const found = validateUserForm(form, isNew);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerError(undefined);
    save.mutate(
      { body: userBody(form, scope, user), query: saveUserQuery(form, isNew) },
      {
        onSuccess: (saved) => onSaved(saved, isNew ? form.activation : null),
        onError: (error) => {
          const placed = placeServerError(error.message, SERVER_ERROR_FIELDS);
          const field = placed.field as UserFormField | undefined;
          // The server sends the mail inside the transaction that creates the user: no mail, no user.
          const hint =
            isNew && !field && form.activation === 'SEND_ACTIVATION_MAIL' ? ` ${t('user.not-created-mail-hint')}` : '';
          setServerError(field ? { field, message: placed.message } : { message: placed.message + hint });
        },
      },
    );
  };

  const fieldError = (field: UserFormField) => {
    const key = errors[field];
    if (key) return t(key);
    return serverError?.field === field ? serverError.message : undefined;
  };
  const text = (field: UserFormField, label: string, extra: Omit<TextFieldProps, 'variant'> = {}) => (
    <TextField
      label={label}
      name={field}
      value={form[field]}
      onChange={(event) => update(field, event.target.value)}
      error={Boolean(fieldError(field))}
      helperText={fieldError(field)}
      disabled={save.isPending}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 255 } }}
      {...extra}
    />
  );

  return (
    <FormDialog
      open
      title={t(isNew ? 'user.add' : 'user.edit')}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      submitText={t(isNew ? 'action.add' : 'action.save')}
      submitDisabled={!isNew && !isUserFormChanged(initial, form)}
      error={serverError && !serverError.field ? serverError.message : undefined}
    >
      {text('email', t('user.email'), { required: true, type: 'email', autoComplete: 'off', autoFocus: true })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('firstName', t('user.first-name'), { autoComplete: 'off' })}
        {text('lastName', t('user.last-name'), { autoComplete: 'off' })}
      </Stack>
      {isNew && (
        <TextField
          select
          label={t('user.role')}
          name="authority"
          value={form.authority}
          onChange={(event) => update('authority', event.target.value as UserForm['authority'])}
          disabled={save.isPending}
          fullWidth
        >
          {scopeRoles(scope).map((role) => (
            <MenuItem key={role} value={role}>
              {t(`authority.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {text('description', t('user.description'), {
        multiline: true,
        minRows: 2,
        slotProps: { htmlInput: { maxLength: 1024 } },
      })}
      {isNew && (
        <TextField
          select
          label={t('user.activation-method')}
          name="activation"
          value={form.activation}
          onChange={(event) => update('activation', event.target.value as ActivationMode)}
          disabled={save.isPending}
          helperText={t(`user.activation-mode-hint.${form.activation}`)}
          fullWidth
        >
          {ACTIVATION_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`user.activation-mode.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {isNew && form.activation === 'SET_PASSWORD_MANUALLY' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <PasswordField
            label={t('login.password')}
            name="password"
            required
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => update('password', event.target.value)}
            error={Boolean(fieldError('password'))}
            helperText={fieldError('password')}
            disabled={save.isPending}
          />
          <PasswordField
            label={t('user.repeat-password')}
            name="password2"
            required
            autoComplete="new-password"
            value={form.password2}
            onChange={(event) => update('password2', event.target.value)}
            error={Boolean(fieldError('password2'))}
            helperText={fieldError('password2')}
            disabled={save.isPending}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
