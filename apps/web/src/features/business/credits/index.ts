// Resources (credits) and codes (spec §2, §5, §6): the account menu's resource summary for the app
// layer, the generic forms (./forms) and the /resources and /redeem-code pages.
export { ResourceSummaryMenu } from './components/resource-summary-menu';

/**
 * The pages load on demand: the summary is part of every page's header, so exporting the pages
 * from here directly would pull them (and their forms) into the main bundle.
 */
export const loadCreditsPages = () => import('./pages');
