import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useEffect, useState } from 'react';
import { findIn, iconComponentNow, loadAllIcons, type IconComponent } from './icon-registry';

export interface MaterialIconProps extends Omit<SvgIconProps, 'children' | 'name'> {
  /** A Material Icons ligature name as ThingsBoard stores it ('thermostat', 'battery_full'). */
  name: string | null | undefined;
}

/**
 * A Material icon by name. The 40 common icons draw at once; others load the full icon set first
 * (an empty box of the same size keeps the layout still meanwhile). Unknown names draw nothing.
 */
export function MaterialIcon({ name, ...props }: MaterialIconProps) {
  const [component, setComponent] = useState<IconComponent | undefined>(() =>
    name ? iconComponentNow(name) : undefined,
  );
  useEffect(() => {
    if (!name) return setComponent(undefined);
    const now = iconComponentNow(name);
    setComponent(() => now);
    if (now) return;
    let live = true;
    void loadAllIcons().then((set) => {
      const found = findIn(set, name);
      if (live) setComponent(() => found);
    });
    return () => {
      live = false;
    };
  }, [name]);
  const Icon = component;
  if (Icon) return <Icon {...props} />;
  const size = props.fontSize === 'small' ? 20 : props.fontSize === 'large' ? 35 : 24;
  return <Box component="span" sx={{ display: 'inline-block', width: size, height: size }} />;
}
