import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PasswordPolicy } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { passwordRules } from './password-change';

/** The password policy as a checklist that ticks off while the new password is typed. */
export function PasswordRulesList({ policy, password }: { policy: PasswordPolicy; password: string }) {
  const { t } = useTranslation();
  const rules = passwordRules(policy, password);
  if (rules.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="password-rules-title"
      sx={{ borderRadius: 1, bgcolor: 'action.hover', px: 2, py: 1.5 }}
    >
      <Typography id="password-rules-title" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('profile.password-requirements')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rules.map((rule) => (
          <Stack
            component="li"
            key={rule.key}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', color: rule.met ? 'success.main' : 'text.secondary' }}
            data-met={rule.met}
          >
            {rule.met ? <CheckCircle fontSize="small" /> : <RadioButtonUnchecked fontSize="small" />}
            <Typography variant="body2">{t(rule.key, { count: rule.count })}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
