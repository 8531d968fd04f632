// Resources (credits) and codes (spec §2, §5, §6): the account menu's resource summary for the app
// layer, the generic forms (./forms), the /resources and /redeem-code pages and the set pack
// dialog (device data packs).
export { ResourceSummaryMenu } from './components/resource-summary-menu';
export type { SetPackDialogProps } from './components/set-pack-dialog';

/**
 * The pages load on demand: the summary is part of every page's header, so exporting the pages
 * from here directly would pull them (and their forms) into the main bundle.
 */
export const loadCreditsPages = () => import('./pages');
