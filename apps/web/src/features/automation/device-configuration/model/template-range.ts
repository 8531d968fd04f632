import type { ConfigTemplate } from '@netfleet/contracts';
import { CONFIG_TEXTS as T } from '../texts';

type TemplateRange = Pick<ConfigTemplate, 'device_model' | 'min_firmware' | 'max_firmware'>;

/** Which firmware the template is for, in words ('07.06 – 07.08', '07.06 or later'). */
export function firmwareRangeText({ min_firmware: min, max_firmware: max }: TemplateRange) {
  if (min && max) return `${min} – ${max}`;
  if (min) return T.fromFirmware(min);
  if (max) return T.toFirmware(max);
  return T.anyFirmware;
}

/** Which devices the template is for: its model (or any) and firmware range. */
export const templateTargetText = (template: TemplateRange): string =>
  `${template.device_model ?? T.anyModel}, ${firmwareRangeText(template)}`;
