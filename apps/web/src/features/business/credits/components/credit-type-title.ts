import { creditTypeByName, creditTypeTitleFor, type CreditTypeName } from '@netfleet/contracts';

/**
 * The kind of a resource as people read it ("Management 1 year"): history rows and codes name the
 * kind only, not whether it was free or paid, so no "Free"/"Paid" prefix is shown.
 */
export const creditKindTitle = (name: CreditTypeName): string =>
  creditTypeTitleFor(creditTypeByName(name), false);
