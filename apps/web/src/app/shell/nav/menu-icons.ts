import {
  IconBuilding,
  IconCategory,
  IconRouter,
  IconServerCog,
  IconShieldLock,
  IconWorldShare,
  type Icon,
} from '@tabler/icons-react';

/** Icon names used by the contracts' MENU_GROUPS. */
const ICONS: Record<string, Icon> = {
  devices: IconRouter,
  remote: IconWorldShare,
  vpn: IconShieldLock,
  administration: IconBuilding,
  system: IconServerCog,
};

export function menuIcon(name: string): Icon {
  return ICONS[name] ?? IconCategory;
}
