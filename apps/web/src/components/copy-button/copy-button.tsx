import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import { copyToClipboard } from './copy-to-clipboard';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** Tooltip and accessible name (already translated); 'Copy' by default. */
  label?: string;
  /** Toast after a successful copy (already translated); 'Copied' by default. */
  copiedMessage?: string;
  /** 'icon' (default) for an adornment or a table cell, 'button' for a labelled button. */
  variant?: 'icon' | 'button';
  size?: 'small' | 'medium';
  disabled?: boolean;
  edge?: 'start' | 'end' | false;
}

/** Copy to clipboard with a confirming toast; a refused copy says so instead of failing silently. */
export function CopyButton({
  text,
  label,
  copiedMessage,
  variant = 'icon',
  size = 'medium',
  disabled,
  edge = false,
}: CopyButtonProps) {
  const { t } = useTranslation();
  const name = label ?? t('action.copy');
  const copy = async () => {
    const copied = await copyToClipboard(text);
    notify(
      copied
        ? { message: copiedMessage ?? t('common.copied'), type: 'success' }
        : { message: t('common.copy-failed'), type: 'error', duration: 4000 },
    );
  };
  if (variant === 'button') {
    return (
      <Button size={size} startIcon={<ContentCopy />} disabled={disabled} onClick={() => void copy()}>
        {name}
      </Button>
    );
  }
  return (
    <Tooltip title={name}>
      <span>
        <IconButton aria-label={name} size={size} edge={edge} disabled={disabled} onClick={() => void copy()}>
          <ContentCopy fontSize={size === 'small' ? 'small' : 'medium'} />
        </IconButton>
      </span>
    </Tooltip>
  );
}
