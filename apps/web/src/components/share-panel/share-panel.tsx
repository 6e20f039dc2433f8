import Email from '@mui/icons-material/Email';
import Facebook from '@mui/icons-material/Facebook';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Reddit from '@mui/icons-material/Reddit';
import Twitter from '@mui/icons-material/Twitter';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../copy-button/copy-button';
import { shareUrl, shouldShowSharePanel, type ShareTarget } from './share-model';

export interface SharePanelProps {
  /** The public link to share; the panel hides when it is empty or local. */
  link: string | null | undefined;
  /** Subject / text of the share (the dashboard title). */
  title?: string;
}

const TARGETS: { target: ShareTarget; icon: ReactNode; label: string }[] = [
  { target: 'email', icon: <Email />, label: 'share.email' },
  { target: 'facebook', icon: <Facebook />, label: 'share.facebook' },
  { target: 'twitter', icon: <Twitter />, label: 'share.twitter' },
  { target: 'linkedin', icon: <LinkedIn />, label: 'share.linkedin' },
  { target: 'reddit', icon: <Reddit />, label: 'share.reddit' },
];

/** Social share panel of spec 1-client §2.8: copy link, e-mail, Facebook, Twitter, LinkedIn, Reddit. */
export function SharePanel({ link, title }: SharePanelProps) {
  const { t } = useTranslation();
  if (!shouldShowSharePanel(link) || !link) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-label={t('share.share')}>
      <CopyButton text={link} label={t('share.copy-link')} />
      {TARGETS.map(({ target, icon, label }) => (
        <Tooltip key={target} title={t(label)}>
          <IconButton
            aria-label={t(label)}
            component="a"
            href={shareUrl(target, link, title)}
            target={target === 'email' ? undefined : '_blank'}
            rel="noopener noreferrer"
          >
            {icon}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
