import NavigateNext from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatches } from 'react-router';
import { useCrumbLabels } from '../../components/page-search/crumb-label';
import { buildBreadcrumbs, type Crumb } from '../navigation/breadcrumb-model';
import { MenuIcon } from './menu-icon';

/** Spec §2.5: all crumbs on larger screens; on small screens only the last one, as a heading. */
export function ShellBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const labels = useCrumbLabels();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const crumbs = buildBreadcrumbs(matches, labels);
  const text = (crumb: Crumb) => crumb.text ?? t(crumb.label);
  const last = crumbs.at(-1);
  if (!last) return null;

  if (small) {
    return (
      <Typography variant="h6" component="div" noWrap sx={{ fontSize: 18, minWidth: 0 }} data-testid="breadcrumb">
        {text(last)}
      </Typography>
    );
  }
  return (
    <Breadcrumbs
      aria-label={t('home.breadcrumb')}
      separator={<NavigateNext fontSize="small" />}
      sx={{ color: 'inherit', minWidth: 0, '& ol': { flexWrap: 'nowrap' } }}
      data-testid="breadcrumb"
    >
      {crumbs.map((crumb, index) => {
        const content = (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
            <MenuIcon name={crumb.icon} sx={{ fontSize: 20 }} />
            <Typography
              component="span"
              noWrap
              sx={{ fontSize: 17, fontWeight: index === crumbs.length - 1 ? 500 : 400 }}
            >
              {text(crumb)}
            </Typography>
          </Stack>
        );
        return index === crumbs.length - 1 ? (
          <span key={crumb.path} aria-current="page">
            {content}
          </span>
        ) : (
          <Link
            key={crumb.path}
            component={RouterLink}
            to={crumb.path}
            color="inherit"
            underline="hover"
            sx={{ opacity: 0.85 }}
          >
            {content}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
