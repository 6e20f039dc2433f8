import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageSearchBox } from '../../components/page-search/page-search';

/** The toolbar search box; the shell renders it only for routes that support search. */
export const ShellSearch = forwardRef<HTMLInputElement>(function ShellSearch(_props, ref) {
  const { t } = useTranslation();
  const { text, setText } = usePageSearchBox();
  return (
    <Paper
      elevation={0}
      role="search"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        px: 1,
        height: 38,
        width: { xs: 150, sm: 220, md: 280 },
        bgcolor: alpha(theme.palette.common.white, 0.15),
        color: 'inherit',
        '&:focus-within': { bgcolor: alpha(theme.palette.common.white, 0.25) },
      })}
    >
      <Search fontSize="small" sx={{ opacity: 0.8, mr: 0.5 }} />
      <InputBase
        inputRef={ref}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
        placeholder={t('action.search')}
        inputProps={{ 'aria-label': t('action.search'), type: 'search' }}
        sx={{
          color: 'inherit',
          flexGrow: 1,
          fontSize: 15,
          '& input::-webkit-search-cancel-button': { display: 'none' },
        }}
      />
      {text && (
        <IconButton size="small" color="inherit" aria-label={t('action.clear-search')} onClick={() => setText('')}>
          <Close fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
});
