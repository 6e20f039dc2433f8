import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, preloadLanguages, type Language } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import type { User } from '../auth/auth-types';
import { DefaultDashboardField } from './default-dashboard-field';
import {
  hasDefaultDashboard,
  isProfileChanged,
  profileFormFromUser,
  userWithProfile,
  type ProfileForm,
} from './profile-form';
import { useDefaultDashboardOptions, useSaveProfile } from './profile-queries';

/** Each language is named in itself, so a reader finds their own whatever language is on screen. */
const LANGUAGE_NAMES: Record<Language, string> = { en_US: 'English', zh_TW: '繁體中文' };

/** Names, language and default dashboard of the signed-in user, saved together with one button. */
export function ProfileDetailsCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const screenLanguage = LANGUAGES.find((language) => language === i18n.language) ?? 'en_US';
  const initial = useMemo(() => profileFormFromUser(user, screenLanguage), [user, screenLanguage]);
  const [form, setForm] = useState<ProfileForm>(initial);
  const save = useSaveProfile();
  const withDashboard = hasDefaultDashboard(user.authority);
  const dashboards = useDefaultDashboardOptions(user, withDashboard);
  const changed = isProfileChanged(initial, form);

  const update = <K extends keyof ProfileForm>(field: K, value: ProfileForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(userWithProfile(user, form), {
      onSuccess: async (saved) => {
        setForm(profileFormFromUser(saved, form.lang));
        if (form.lang !== i18n.language) await changeLanguage(form.lang);
        // i18n.t, not this render's t: the message must be in the language just chosen.
        notify({ message: i18n.t('profile.profile-saved'), type: 'success' });
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="profile-details-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<ManageAccounts color="primary" />}
        title={t('profile.details')}
        subheader={t('profile.details-hint')}
        slotProps={{ title: { id: 'profile-details-title', component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <LinearProgress aria-hidden={!save.isPending} sx={{ visibility: save.isPending ? 'visible' : 'hidden' }} />
      <CardContent>
        <form noValidate onSubmit={submit} aria-label={t('profile.details')}>
          <Stack spacing={2.5}>
            {save.isError && (
              <Alert severity="error" role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextField
              label={t('user.email')}
              value={user.email}
              helperText={t('profile.email-hint')}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
              <TextField
                label={t('user.first-name')}
                name="firstName"
                autoComplete="given-name"
                value={form.firstName}
                onChange={(event) => update('firstName', event.target.value)}
                disabled={save.isPending}
                slotProps={{ htmlInput: { maxLength: 255 } }}
                fullWidth
              />
              <TextField
                label={t('user.last-name')}
                name="lastName"
                autoComplete="family-name"
                value={form.lastName}
                onChange={(event) => update('lastName', event.target.value)}
                disabled={save.isPending}
                slotProps={{ htmlInput: { maxLength: 255 } }}
                fullWidth
              />
            </Stack>

            <Typography variant="overline" color="text.secondary" component="h3" sx={{ pt: 1, lineHeight: 1.5 }}>
              {t('profile.preferences')}
            </Typography>
            <TextField
              select
              label={t('profile.language')}
              name="lang"
              value={form.lang}
              onChange={(event) => update('lang', event.target.value as Language)}
              disabled={save.isPending}
              // Loaded while the user picks and saves, so the switch after saving is a re-render only.
              slotProps={{ select: { onOpen: () => preloadLanguages() } }}
              fullWidth
            >
              {LANGUAGES.map((language) => (
                <MenuItem key={language} value={language} lang={language.replace('_', '-')}>
                  {LANGUAGE_NAMES[language]}
                </MenuItem>
              ))}
            </TextField>
            {withDashboard && (
              <>
                <DefaultDashboardField
                  value={form.defaultDashboardId}
                  onChange={(id) => update('defaultDashboardId', id)}
                  options={dashboards.data ?? []}
                  loading={dashboards.isPending && dashboards.fetchStatus !== 'idle'}
                  disabled={save.isPending}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      name="defaultDashboardFullscreen"
                      checked={form.defaultDashboardFullscreen}
                      onChange={(event) => update('defaultDashboardFullscreen', event.target.checked)}
                      disabled={save.isPending}
                    />
                  }
                  label={t('profile.default-dashboard-fullscreen')}
                />
              </>
            )}
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setForm(initial)} disabled={!changed || save.isPending}>
                {t('action.undo')}
              </Button>
              <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
                {t('action.save')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
