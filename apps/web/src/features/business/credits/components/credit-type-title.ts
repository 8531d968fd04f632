import {
  CREDIT_TYPES,
  creditTypeByName,
  creditTypeTitleFor,
  type CreditType,
  type CreditTypeName,
} from '@netfleet/contracts';
import { CREDIT_TEXTS } from '../texts';

// The English kind labels ('Management 1 year') the contracts and the server title types with.
const KIND_BY_LABEL = new Map<string, CreditTypeName>(
  CREDIT_TYPES.map((type) => [type.title.replace(/^(Free|Paid) /, ''), type.name]),
);

/**
 * A resource type's title ('Paid Management 1 year', 'Credit', as the contracts or the server
 * word it) in the shown language; a title of no known kind is shown as it came.
 */
export function localCreditTypeTitle(title: string): string {
  const [, payment, label = title] = /^(?:(Free|Paid) )?(.*)$/s.exec(title) ?? [];
  const kind = KIND_BY_LABEL.get(label);
  if (!kind) return title;
  const local = CREDIT_TEXTS.creditKinds[kind];
  if (payment === 'Free') return CREDIT_TEXTS.freeType(local);
  if (payment === 'Paid') return CREDIT_TEXTS.paidType(local);
  return local;
}

/** Spec §6 title of a type for the user (super admins see 'Free'/'Paid'), in the shown language. */
export const creditTypeTitle = (type: CreditType, superAdmin: boolean): string =>
  localCreditTypeTitle(creditTypeTitleFor(type, superAdmin));

/**
 * The kind of a resource as people read it ("Management 1 year"): history rows and codes name the
 * kind only, not whether it was free or paid, so no "Free"/"Paid" prefix is shown.
 */
export const creditKindTitle = (name: CreditTypeName): string =>
  creditTypeTitle(creditTypeByName(name), false);
