// brand.json (spec §1 Brand configuration). Validated by the Vite brand plugin at build and dev
// start, and by a unit test for every folder under brands/.
import { z } from 'zod';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a #rrggbb colour');

export const brandedDeviceSchema = z.object({
  original_model: z.string().min(1),
  branded_model: z.string().min(1),
  /** Path relative to the brand folder. */
  branded_model_image: z.string().min(1).optional(),
});

export const brandedSeriesSchema = z.object({
  original: z.string().min(1),
  branded: z.string().min(1),
});

export const brandSchema = z.object({
  main_color: hexColor,
  company_name: z.string().min(1),
  application_name: z.string().min(1),
  full_application_name: z.string().min(1),
  logo_subtext: z.string(),
  default_theme: z.boolean(),
  /** Spec §6: the theme shows company data (credits, data packs, remaining data) or not. */
  show_company_data: z.boolean(),
  disabled_routes: z.array(z.string()),
  branded_devices: z.array(brandedDeviceSchema),
  branded_device_series: z.array(brandedSeriesSchema),
  /**
   * Base URL of the external documentation (spec §2: dialogs have a help link). A dialog's own
   * help path resolves against it; without it, dialogs show no help link unless they name a URL.
   */
  docs_url: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Spec §2 header "languages (when allowed)": the interface language codes the brand offers in
   * the language menu. Absent: every shipped language; fewer than two hide the menu item.
   */
  languages: z.array(z.string()).optional(),
});

export type Brand = z.infer<typeof brandSchema>;
export type BrandedDevice = z.infer<typeof brandedDeviceSchema>;
