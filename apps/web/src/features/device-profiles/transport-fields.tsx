import RestartAlt from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COAP_DEVICE_TYPES,
  DEVICE_TRANSPORT_TYPES,
  SAMPLE_PROTO_SCHEMAS,
  TRANSPORT_PAYLOAD_TYPES,
  type CoapDeviceType,
  type DeviceTransportType,
  type TransportPayloadType,
} from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { hasPayloadType, type DeviceProfileField, type DeviceProfileForm } from './model/device-profile-form';
import { COAP_TYPE_LABEL, PAYLOAD_LABEL, TRANSPORT_HINT, TRANSPORT_LABEL } from './model/device-profile-labels';

export interface ProfileFieldsProps {
  form: DeviceProfileForm;
  set: <K extends DeviceProfileField>(field: K, value: DeviceProfileForm[K]) => void;
  fieldError: (field: DeviceProfileField) => string | undefined;
  disabled: boolean;
}

const SCHEMAS = [
  {
    field: 'deviceTelemetryProtoSchema',
    label: 'device-profile.telemetry-proto-schema',
    sample: SAMPLE_PROTO_SCHEMAS.telemetry,
  },
  {
    field: 'deviceAttributesProtoSchema',
    label: 'device-profile.attributes-proto-schema',
    sample: SAMPLE_PROTO_SCHEMAS.attributes,
  },
  {
    field: 'deviceDownlinkProtoSchema',
    label: 'device-profile.downlink-proto-schema',
    sample: SAMPLE_PROTO_SCHEMAS.downlink,
  },
] as const;

const TOPICS = [
  { field: 'deviceTelemetryTopic', label: 'device-profile.telemetry-topic-filter' },
  { field: 'deviceAttributesTopic', label: 'device-profile.attributes-topic-filter' },
  { field: 'deviceDownlinkTopic', label: 'device-profile.downlink-topic' },
] as const;

/** Transport type and its configuration: MQTT topics, CoAP device type, payload type and proto schemas. */
export function TransportFields({ form, set, fieldError, disabled }: ProfileFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <TextField
        select
        name="transportType"
        label={t('device-profile.transport-type')}
        value={form.transportType}
        onChange={(event) => set('transportType', event.target.value as DeviceTransportType)}
        disabled={disabled}
        helperText={t(TRANSPORT_HINT[form.transportType])}
        fullWidth
      >
        {DEVICE_TRANSPORT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(TRANSPORT_LABEL[type])}
          </MenuItem>
        ))}
      </TextField>

      {form.transportType === 'MQTT' && (
        <Stack spacing={2}>
          <Typography variant="subtitle2">{t('device-profile.mqtt-device-topic-filters')}</Typography>
          {TOPICS.map(({ field, label }) => (
            <TextField
              key={field}
              name={field}
              label={t(label)}
              value={form[field]}
              onChange={(event) => set(field, event.target.value)}
              required
              disabled={disabled}
              error={Boolean(fieldError(field))}
              helperText={
                fieldError(field) ??
                (field === 'deviceDownlinkTopic' ? undefined : t('device-profile.topic-filter-hint'))
              }
              slotProps={{ htmlInput: { maxLength: 255, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
              fullWidth
            />
          ))}
        </Stack>
      )}

      {form.transportType === 'COAP' && (
        <TextField
          select
          name="coapDeviceType"
          label={t('device-profile.coap-device-type')}
          value={form.coapDeviceType}
          onChange={(event) => set('coapDeviceType', event.target.value as CoapDeviceType)}
          disabled={disabled}
          error={Boolean(fieldError('coapDeviceType'))}
          helperText={fieldError('coapDeviceType')}
          fullWidth
        >
          {COAP_DEVICE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(COAP_TYPE_LABEL[type])}
            </MenuItem>
          ))}
        </TextField>
      )}

      {hasPayloadType(form) && (
        <FormControl disabled={disabled}>
          <FormLabel id="payload-type-label">{t('device-profile.payload-type')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="payload-type-label"
            name="payloadType"
            value={form.payloadType}
            onChange={(event) => set('payloadType', event.target.value as TransportPayloadType)}
          >
            {TRANSPORT_PAYLOAD_TYPES.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={t(PAYLOAD_LABEL[type])} />
            ))}
          </RadioGroup>
        </FormControl>
      )}

      {hasPayloadType(form) &&
        form.payloadType === 'PROTOBUF' &&
        SCHEMAS.map(({ field, label, sample }) => (
          <Stack key={field} spacing={0.5}>
            <TextField
              name={field}
              label={t(label)}
              value={form[field]}
              onChange={(event) => set(field, event.target.value)}
              required
              multiline
              minRows={5}
              maxRows={14}
              disabled={disabled}
              error={Boolean(fieldError(field))}
              helperText={fieldError(field)}
              slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace', fontSize: 13 } } }}
              fullWidth
            />
            <Button
              size="small"
              startIcon={<RestartAlt />}
              sx={{ alignSelf: 'flex-start' }}
              disabled={disabled || form[field] === sample}
              onClick={() => set(field, sample)}
            >
              {t('device-profile.use-sample-schema')}
            </Button>
          </Stack>
        ))}
    </Stack>
  );
}
