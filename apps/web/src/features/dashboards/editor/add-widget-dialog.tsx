import { NULL_UUID } from '@sapo/common';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-provider';
import type { WidgetTypeRef } from '../model/dashboard-config';
import { compareLibraryTypes, widgetLibraryLayout, LIBRARY_WIDGET_WIDTH } from '../model/widget-library-layout';
import { parseWidgetDescriptor, type WidgetDescriptor } from '../model/widget-descriptor';

interface BundleWire {
  alias: string;
  title: string;
  tenantId?: { id: string };
}
interface TypeInfoWire {
  alias: string;
  name: string;
  description?: string | null;
  widgetType?: string | null;
  createdTime?: number;
  image?: string | null;
}
interface TypeWire {
  descriptor?: unknown;
}

export interface PickedWidgetType {
  ref: WidgetTypeRef;
  name: string;
  descriptor: WidgetDescriptor;
}

/** The widget library (1-client §3.7): pick a bundle, then a type; the type's descriptor is loaded. */
export function AddWidgetDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (t: PickedWidgetType) => void;
}) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const bundles = useQuery({
    queryKey: ['widgets-bundles', 'all'],
    enabled: open,
    queryFn: ({ signal }) => client.get<BundleWire[]>('/api/widgetsBundles', { signal }),
  });
  const [bundleAlias, setBundleAlias] = useState('');
  const bundle = bundles.data?.find((b) => b.alias === bundleAlias) ?? bundles.data?.[0];
  useEffect(() => {
    if (!bundleAlias && bundles.data?.[0]) setBundleAlias(bundles.data[0].alias);
  }, [bundleAlias, bundles.data]);
  const isSystem = !bundle?.tenantId || bundle.tenantId.id === NULL_UUID;
  const types = useQuery({
    queryKey: ['widget-types', 'infos', isSystem, bundle?.alias],
    enabled: open && Boolean(bundle),
    queryFn: ({ signal }) =>
      client.get<TypeInfoWire[]>(
        `/api/widgetTypesInfos?${new URLSearchParams({ isSystem: String(isSystem), bundleAlias: bundle?.alias ?? '' })}`,
        { signal },
      ),
  });
  const placed = useMemo(() => {
    const sorted = [...(types.data ?? [])].sort((a, b) =>
      compareLibraryTypes(
        { type: a.widgetType ?? '', createdTime: a.createdTime ?? 0 },
        { type: b.widgetType ?? '', createdTime: b.createdTime ?? 0 },
      ),
    );
    return widgetLibraryLayout(sorted.map((s) => ({ ...s, sizeY: 3 })));
  }, [types.data]);
  const [picking, setPicking] = useState<string | null>(null);

  const pick = async (info: TypeInfoWire) => {
    if (!bundle) return;
    setPicking(info.alias);
    try {
      const q = new URLSearchParams({ isSystem: String(isSystem), bundleAlias: bundle.alias, alias: info.alias });
      const full = await client.get<TypeWire>(`/api/widgetType?${q}`);
      onPick({
        ref: { isSystemType: isSystem, bundleAlias: bundle.alias, typeAlias: info.alias },
        name: info.name,
        descriptor: parseWidgetDescriptor(full.descriptor),
      });
    } finally {
      setPicking(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="add-widget-title">
      <DialogTitle id="add-widget-title">{t('widget.add')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          size="small"
          label={t('widget.widgets-bundle')}
          value={bundle?.alias ?? ''}
          onChange={(e) => setBundleAlias(e.target.value)}
          sx={{ minWidth: 260, my: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'bundle-select' } }}
        >
          {(bundles.data ?? []).map((b) => (
            <MenuItem key={b.alias} value={b.alias}>
              {b.title}
            </MenuItem>
          ))}
        </TextField>
        {(bundles.isPending || types.isPending || picking) && <LinearProgress />}
        <Box
          data-testid="widget-library"
          sx={{
            display: 'grid',
            gap: 1.5,
            mt: 1,
            gridTemplateColumns: phone ? '1fr' : 'repeat(3, 1fr)',
            gridAutoRows: 'minmax(40px, auto)',
          }}
        >
          {placed.map((info) => (
            <Card
              key={info.alias}
              variant="outlined"
              sx={
                phone
                  ? undefined
                  : {
                      gridColumn: `${info.col / LIBRARY_WIDGET_WIDTH + 1}`,
                      gridRow: `${info.row + 1} / span ${info.sizeY}`,
                    }
              }
            >
              <CardActionArea
                onClick={() => void pick(info)}
                disabled={Boolean(picking)}
                sx={{
                  p: 1.5,
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  justifyContent: 'flex-start',
                }}
                aria-label={info.name}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: '100%' }}>
                  <Typography variant="subtitle1" sx={{ flex: 1 }}>
                    {info.name}
                  </Typography>
                  {info.widgetType && (
                    <Chip size="small" label={t(`widget.type-${info.widgetType}`, { defaultValue: info.widgetType })} />
                  )}
                </Box>
                {info.description && (
                  <Typography variant="body2" color="text.secondary">
                    {info.description}
                  </Typography>
                )}
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
