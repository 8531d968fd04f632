// The registration form's client-side rules: the contract's rules for each field, plus a company
// name that is required only when the invitation is for a new company.
import {
  companyNameFieldSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  type RegisterInvitationBody,
} from '@netfleet/contracts';
import { z } from 'zod';
import { INVITATIONS_TEXTS as TEXTS } from '../texts';

const USERNAME_MAX_LENGTH = 255;

export interface RegistrationValues {
  /** Shown read-only: the invitation decides the address (the server may refuse it as taken). */
  email: string;
  username: string;
  password: string;
  password_confirmation: string;
  company_name: string;
}

export function registrationSchema(newCompany: boolean) {
  return z
    .object({
      email: z.string(),
      username: z.string().trim().max(USERNAME_MAX_LENGTH),
      password: newPasswordSchema,
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
      company_name: newCompany
        ? z.string().trim().min(1, TEXTS.companyNameRequired).pipe(companyNameFieldSchema)
        : z.string(),
    })
    .refine((values) => values.password === values.password_confirmation, {
      path: ['password_confirmation'],
      message: TEXTS.passwordMismatch,
    });
}

/** The request body: an empty username is left to the server's default. */
export function registrationBody(
  values: RegistrationValues,
  newCompany: boolean,
): RegisterInvitationBody {
  const username = values.username.trim();
  return {
    ...(username === '' ? {} : { username }),
    password: values.password,
    password_confirmation: values.password_confirmation,
    ...(newCompany ? { company_name: values.company_name.trim() } : {}),
  };
}
