import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeSection } from '../../app/navigation/menu-model';
import { MenuIcon } from '../../app/shell/menu-icon';

/** The role's home sections as cards of places (spec 1-client §2.5, §2.7). */
export function HomeSections({ sections }: { sections: readonly HomeSection[] }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {sections.map((section) => (
        <Grid key={section.name} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={t(section.name)}>
            <CardContent>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
                {t(section.name)}
              </Typography>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
                {section.places.map((place) => (
                  <ListItemButton
                    key={place.path}
                    component={Link}
                    to={place.path}
                    sx={{
                      flexDirection: 'column',
                      gap: 0.75,
                      width: 112,
                      minHeight: 96,
                      borderRadius: 2,
                      border: 1,
                      borderColor: 'divider',
                      textAlign: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    <MenuIcon name={place.icon} color="primary" sx={{ fontSize: 32 }} />
                    <Typography variant="body2" sx={{ lineHeight: 1.25, overflowWrap: 'anywhere' }}>
                      {place.title ?? t(place.name)}
                    </Typography>
                  </ListItemButton>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
