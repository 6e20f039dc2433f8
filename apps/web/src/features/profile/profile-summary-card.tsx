import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { User } from '../auth/auth-types';
import { displayName, initials } from '../auth/user-display';

/** Who is signed in: avatar, name, email, role and the last sign-in time. */
export function ProfileSummaryCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const name = displayName(user);
  const lastLogin = user.additionalInfo?.lastLoginTs;
  const lastLoginText =
    typeof lastLogin === 'number' && lastLogin > 0
      ? new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }).format(
          lastLogin,
        )
      : null;

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack direction="row" spacing={{ xs: 2, sm: 3 }} sx={{ alignItems: 'center' }}>
          <Avatar
            sx={{
              width: { xs: 56, sm: 72 },
              height: { xs: 56, sm: 72 },
              bgcolor: 'primary.main',
              fontSize: { xs: 22, sm: 28 },
            }}
          >
            {initials(user)}
          </Avatar>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }} data-testid="profile-name">
              {name}
            </Typography>
            {name !== user.email && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', pt: 0.5 }}>
              <Chip size="small" color="primary" label={t(`authority.${user.authority}`)} />
              {lastLoginText && (
                <Typography variant="caption" color="text.secondary">
                  {t('profile.last-login', { time: lastLoginText })}
                </Typography>
              )}
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
