import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import Router from '@mui/icons-material/Router';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Authority } from '@sapo/common';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notifications';
import { queryKeys } from '../../lib/query-keys';
import { confirmDialog } from '../dialogs/dialog-store';
import {
  gatewayEmptyKey,
  gatewayOptions,
  initialGateway,
  newGatewayPayload,
  type GatewayDevice,
  type GatewayOption,
} from './gateway-model';
import { useGateways, type GatewayClient } from './use-gateways';

export interface GatewayPickerProps {
  /** The caller's client (components take it from the page: no feature imports). */
  client: GatewayClient;
  authority: Authority | undefined;
  customerId: string | undefined;
  value: GatewayDevice | null;
  onChange: (gateway: GatewayDevice | null) => void;
  /** Preselects the gateway of this name (else the first one) when no value is set yet. */
  deviceName?: string;
  /** Called instead of creating when a device with the typed name already exists. */
  onNameExists?: (name: string) => void;
  label?: string;
  required?: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Autocomplete of the user's gateways (spec 1-client §2.8, §4.3), with a clear button, a 'create new
 * gateway' entry (tenant administrators; confirmed first) and the 'no gateway found/matching' states.
 */
export function GatewayPicker(props: GatewayPickerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { client, value, onChange, deviceName } = props;
  const { data: gateways = [], isLoading } = useGateways(client, props.authority, props.customerId);
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const canCreate = props.authority === 'TENANT_ADMIN';

  // Preselect once the list is there (and only if the owner has not chosen yet).
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || isLoading || value) return;
    preselected.current = true;
    const first = initialGateway(gateways, deviceName);
    if (first) onChange(first);
  }, [gateways, isLoading, value, deviceName, onChange]);

  const create = async (name: string) => {
    const ok = await confirmDialog({
      title: t('gateway.create-new-gateway'),
      message: t('gateway.create-new-gateway-text', { gatewayName: name }),
      okText: t('action.yes'),
      cancelText: t('action.no'),
    });
    if (!ok) return;
    setCreating(true);
    try {
      const existing = await findDeviceByName(client, name);
      if (existing) {
        if (props.onNameExists) props.onNameExists(name);
        else notify({ message: t('gateway.name-exists', { gatewayName: name }), type: 'error', duration: 5000 });
        return;
      }
      const created = await client.post<GatewayDevice>('/api/device', newGatewayPayload(name));
      await queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      onChange(created);
      notify({ message: t('gateway.gateway-created', { gatewayName: created.name }), type: 'success' });
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setCreating(false);
    }
  };

  const selected: GatewayOption | null = value ? { kind: 'gateway', gateway: value } : null;
  return (
    <Autocomplete<GatewayOption>
      options={gateways.map((gateway): GatewayOption => ({ kind: 'gateway', gateway }))}
      value={selected}
      onChange={(_event, next) => {
        if (next?.kind === 'create') void create(next.name);
        else onChange(next?.gateway ?? null);
      }}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      filterOptions={(_options, state) =>
        gatewayOptions(gateways, state.inputValue === value?.name ? '' : state.inputValue, canCreate)
      }
      getOptionLabel={(option) => (option.kind === 'gateway' ? option.gateway.name : option.name)}
      isOptionEqualToValue={(option, chosen) =>
        option.kind === 'gateway' && chosen.kind === 'gateway' && option.gateway.id.id === chosen.gateway.id.id
      }
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps;
        return (
          <li key={key} {...rest}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {option.kind === 'gateway' ? (
                <Router fontSize="small" color="action" />
              ) : (
                <AddCircleOutline fontSize="small" color="primary" />
              )}
              <Typography variant="body2">
                {option.kind === 'gateway'
                  ? option.gateway.name
                  : t('gateway.create-named-gateway', { gatewayName: option.name })}
              </Typography>
            </Stack>
          </li>
        );
      }}
      loading={isLoading || creating}
      loadingText={t('common.loading')}
      noOptionsText={t(gatewayEmptyKey(text === value?.name ? '' : text), { gatewayName: text.trim() })}
      disabled={props.disabled || creating}
      renderInput={(params) => (
        <TextField
          {...params}
          name="gateway"
          label={props.label ?? t('gateway.gateway')}
          required={props.required}
          error={Boolean(props.error)}
          helperText={props.error}
        />
      )}
    />
  );
}

/** GET /api/tenant/devices?deviceName= answers 404 when no device has the name. */
async function findDeviceByName(client: GatewayClient, name: string): Promise<GatewayDevice | null> {
  try {
    return await client.get<GatewayDevice>(`/api/tenant/devices?deviceName=${encodeURIComponent(name)}`, {
      ignoreErrors: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
