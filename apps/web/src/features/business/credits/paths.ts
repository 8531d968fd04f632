import { pathForRouteName } from '@netfleet/contracts';

// The catalogue's paths (contracts/routes.ts), so the pages link where the router mounts them.
export const POOLS_ROUTE = pathForRouteName('services.pools') ?? '/resources';
export const CODES_ROUTE = pathForRouteName('services.credit-codes') ?? '/resources/codes';
export const HISTORY_ROUTE = pathForRouteName('services.credit-history') ?? '/resources/credits';
export const DATA_HISTORY_ROUTE =
  pathForRouteName('services.data-history') ?? '/resources/data-history';
