import { z } from 'zod';

/**
 * Resource credit types (spec §3 "Credit type"). RMS names seven kinds (`credit_type_name`); each
 * comes free and paid, and the spec's rule "credit_price and pro_form_nr are required only for
 * credit types 2, 4, ... 14" makes the even ids the paid ones. `credit` is the management credit
 * a device spends per month; the others cover a device (or buy data) for a fixed term.
 */
export const CREDIT_TYPE_NAMES = [
  'credit',
  'management_6m',
  'management_1y',
  'management_3y',
  'management_5y',
  'management_10y',
  'data_150GB_10y',
] as const;
export const creditTypeNameSchema = z.enum(CREDIT_TYPE_NAMES, {
  error: () => 'Choose a resource type',
});
export type CreditTypeName = z.infer<typeof creditTypeNameSchema>;

export const LICENSE_TYPES = ['management', 'data'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

interface Kind {
  name: CreditTypeName;
  label: string;
  license_type: LicenseType;
  /** Months a credit covers a device (a `credit` covers one month). */
  validity_months: number;
}

const KINDS: readonly Kind[] = [
  { name: 'credit', label: 'Credit', license_type: 'management', validity_months: 1 },
  {
    name: 'management_6m',
    label: 'Management 6 months',
    license_type: 'management',
    validity_months: 6,
  },
  {
    name: 'management_1y',
    label: 'Management 1 year',
    license_type: 'management',
    validity_months: 12,
  },
  {
    name: 'management_3y',
    label: 'Management 3 years',
    license_type: 'management',
    validity_months: 36,
  },
  {
    name: 'management_5y',
    label: 'Management 5 years',
    license_type: 'management',
    validity_months: 60,
  },
  {
    name: 'management_10y',
    label: 'Management 10 years',
    license_type: 'management',
    validity_months: 120,
  },
  {
    name: 'data_150GB_10y',
    label: 'Data 150 GB, 10 years',
    license_type: 'data',
    validity_months: 120,
  },
];

export const creditTypeSchema = z.object({
  id: z.number().int(),
  /** RMS `credit_type_name`. */
  name: creditTypeNameSchema,
  /** What people read: "Free Credit", "Paid Management 1 year". */
  title: z.string(),
  payment_type: z.enum(['free', 'paid']),
  license_type: z.enum(LICENSE_TYPES),
  validity_months: z.number().int(),
});
export type CreditType = z.infer<typeof creditTypeSchema>;

/** Odd ids free, even ids paid, in the order of CREDIT_TYPE_NAMES. */
export const CREDIT_TYPES: readonly CreditType[] = KINDS.flatMap((kind, index) =>
  (['free', 'paid'] as const).map((payment_type, paid) => ({
    id: index * 2 + paid + 1,
    name: kind.name,
    title: `${payment_type === 'paid' ? 'Paid' : 'Free'} ${kind.label}`,
    payment_type,
    license_type: kind.license_type,
    validity_months: kind.validity_months,
  })),
);

export const creditTypeById = (id: number): CreditType | undefined =>
  CREDIT_TYPES.find((type) => type.id === id);

/**
 * The type a move or a code names by `credit_type_name`: RMS names no payment type, so the paid
 * one of that kind is meant unless `payment_type` says free (super admins see free types too).
 */
export const creditTypeByName = (
  name: CreditTypeName,
  paymentType: 'free' | 'paid' = 'paid',
): CreditType => {
  const found = CREDIT_TYPES.find(
    (type) => type.name === name && type.payment_type === paymentType,
  );
  if (!found) throw new Error(`no credit type ${name}/${paymentType}`);
  return found;
};

/** Spec §5: credit price and pro forma number are required for these (the paid) types. */
export const creditTypeNeedsInvoice = (id: number): boolean =>
  creditTypeById(id)?.payment_type === 'paid';

/**
 * Spec §6: a super admin sees every type; everyone else sees only the paid ones, titled without
 * "Paid".
 */
export const creditTypeTitleFor = (type: CreditType, superAdmin: boolean): string =>
  superAdmin ? type.title : type.title.replace(/^Paid /, '');
