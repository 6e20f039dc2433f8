import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useCurrentUser } from '../features/auth/auth-queries';
import { ChangePasswordCard } from '../features/profile/change-password-card';
import { ProfileDetailsCard } from '../features/profile/profile-details-card';
import { ProfileSummaryCard } from '../features/profile/profile-summary-card';

/** Spec 1-client §2.1 'profile': the signed-in user edits their own details, preferences and password. */
export function ProfilePage() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // RequireAuth only renders this once the user is loaded
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <ProfileSummaryCard user={user} />
        <Grid container spacing={{ xs: 2, sm: 3 }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <ProfileDetailsCard user={user} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <ChangePasswordCard email={user.email} />
          </Grid>
        </Grid>
      </Stack>
    </Container>
  );
}
