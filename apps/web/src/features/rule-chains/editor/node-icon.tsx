import BugReport from '@mui/icons-material/BugReport';
import CloudUpload from '@mui/icons-material/CloudUpload';
import FilterList from '@mui/icons-material/FilterList';
import FlashOn from '@mui/icons-material/FlashOn';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import Input from '@mui/icons-material/Input';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import Transform from '@mui/icons-material/Transform';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { NodeKind } from '../model/node-kinds';

const ICONS: Record<NodeKind, ComponentType<SvgIconProps>> = {
  FILTER: FilterList,
  ENRICHMENT: PlaylistAdd,
  TRANSFORMATION: Transform,
  ACTION: FlashOn,
  EXTERNAL: CloudUpload,
  RULE_CHAIN: SettingsEthernet,
  UNKNOWN: HelpOutline,
  INPUT: Input,
};

/** The icon ThingsBoard shows for a node type. */
export function NodeIcon({ kind, ...props }: { kind: NodeKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon {...props} />;
}

export { BugReport as DebugIcon };
