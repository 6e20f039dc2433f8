import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuleChainSearch } from '../rule-chains-queries';

export interface RuleChainTargetSelectProps {
  value: { id: string; name: string } | null;
  /** The chain being edited cannot be its own target. */
  excludeId?: string | undefined;
  onChange: (value: { id: string; name: string } | null) => void;
  error?: string | undefined;
}

/** Picks the chain a 'rule chain' node forwards to. */
export function RuleChainTargetSelect({ value, excludeId, onChange, error }: RuleChainTargetSelectProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { data = [], isFetching } = useRuleChainSearch(text);
  const options = data
    .filter((chain) => chain.id.id !== excludeId)
    .map((chain) => ({ id: chain.id.id, name: chain.name }));
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={isFetching}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_e, next, reason) => {
        if (reason === 'input') setText(next);
      }}
      onChange={(_e, next) => onChange(next)}
      renderInput={(params) => (
        <TextField {...params} required label={t('rulechain.rulechain')} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
