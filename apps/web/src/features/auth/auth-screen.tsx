import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../components/app-logo';
import { PageProgress } from '../../components/page-progress';
import { backgroundCss, type LoginBranding } from './login-white-label';
import { useLoginBranding } from './sign-in-queries';
import { useBrandedDocument } from './use-branded-document';

interface AuthScreenProps {
  /** The heading inside the card. */
  heading: string;
  /** Translation key of the page title, used with the white-label title. */
  titleKey: string;
  /** The sign-in page shows the white-label intro (or the product tagline); the other screens do not. */
  showIntro?: boolean;
  /** Other public data the screen needs before it shows (the sign-in page's OAuth2 clients). */
  loading?: boolean;
  children: ReactNode;
}

// The product's own backdrop: its brand blue, darker in the dark theme.
const defaultBackground = (theme: Theme) =>
  theme.palette.mode === 'dark'
    ? 'linear-gradient(135deg, #0b121c 0%, #16243a 55%, #22395c 100%)'
    : 'linear-gradient(135deg, #1f3b5a 0%, #305680 55%, #527dad 100%)';

function Brand({ branding }: { branding: LoginBranding | null }) {
  const { t } = useTranslation();
  if (branding?.logo) {
    return (
      <Box
        component="img"
        src={branding.logo}
        alt={branding.title ?? t('app.title')}
        sx={{ height: branding.logoHeight, maxWidth: '100%', objectFit: 'contain', display: 'block' }}
      />
    );
  }
  if (branding?.title) {
    return (
      <Typography
        component="span"
        sx={{ fontWeight: 500, fontSize: '1.6rem', color: 'primary.main', overflowWrap: 'anywhere' }}
      >
        {branding.title}
      </Typography>
    );
  }
  return <AppLogo title={t('app.title')} size="large" />;
}

/**
 * The frame of every sign-in screen (login, reset request, reset, create password): a centred card
 * 400 px wide (spec 1-client §9) on the brand background, customised by the login white-label of
 * this host name.
 */
export function AuthScreen({ heading, titleKey, showIntro = false, loading = false, children }: AuthScreenProps) {
  const { t } = useTranslation();
  const whiteLabel = useLoginBranding();
  const branding = whiteLabel.data ?? null;
  useBrandedDocument(branding, titleKey);

  // Showing the product's look and then swapping in the tenant's would flash the wrong brand.
  if ((whiteLabel.isPending && whiteLabel.isFetching) || loading) return <PageProgress />;

  const intro = branding?.intro ?? (branding ? null : t('app.tagline'));
  return (
    <Box
      component="main"
      sx={[
        {
          minHeight: '100dvh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 2,
          background: defaultBackground,
        },
        branding?.background ? backgroundCss(branding.background) : {},
      ]}
    >
      <Card elevation={8} sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }} data-testid="login-brand">
            <Brand branding={branding} />
          </Box>
          {showIntro && intro && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ textAlign: 'center', mb: 1, whiteSpace: 'pre-line' }}
              data-testid="login-intro"
            >
              {intro}
            </Typography>
          )}
          <Typography component="h1" variant="h6" sx={{ textAlign: 'center', mb: 1 }}>
            {heading}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
