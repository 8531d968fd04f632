// Fields and payload shared by the create and edit forms of an SMTP configuration.
import type { FieldDefinition, FormValues } from '@/components/schema-form';
import { EMAIL_SMTP_TEXTS as TEXTS } from '../texts';

const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * The server's host rule (contracts' email-configurations): host names, including single-label
 * relays such as `localhost` or `mail`, IPv4 addresses (all-digit labels) and IPv6 literals.
 * Schema-form patterns match the whole value.
 */
export const SMTP_HOST_PATTERN = `${HOST_LABEL}(?:\\.${HOST_LABEL})*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*`;

export const SMTP_DEFAULT_PORT = 587;
const PORT_MAX = 65535;
const TEXT_MAX = 255;

/** The fields of both forms; `passwordSubtext` explains an empty password on edit. */
export function smtpConfigFields(passwordSubtext?: string): FieldDefinition[] {
  return [
    { key: 'name', label: TEXTS.name, required: true, maxlength: TEXT_MAX },
    {
      key: 'host',
      label: TEXTS.host,
      required: true,
      maxlength: TEXT_MAX,
      pattern: SMTP_HOST_PATTERN,
      placeholder: 'smtp.example.com',
      subtext: TEXTS.hostSubtext,
    },
    {
      key: 'port',
      label: TEXTS.port,
      type: 'number',
      required: true,
      min: 1,
      max: PORT_MAX,
      step: 1,
      default: SMTP_DEFAULT_PORT,
    },
    {
      key: 'secure',
      label: TEXTS.secureLabel,
      type: 'checkbox',
      default: false,
      subtext: TEXTS.secureSubtext,
    },
    { key: 'email', label: TEXTS.email, type: 'email', required: true, maxlength: TEXT_MAX },
    { key: 'username', label: TEXTS.username, maxlength: TEXT_MAX },
    {
      key: 'password',
      label: TEXTS.password,
      type: 'password',
      maxlength: TEXT_MAX,
      ...(passwordSubtext ? { subtext: passwordSubtext } : {}),
    },
  ];
}

/**
 * The request body: an empty username means "none" (null); an empty password is left out, which
 * on edit keeps the stored one.
 */
export function smtpConfigBody(values: FormValues): FormValues {
  const { password, username, ...rest } = values;
  return {
    ...rest,
    username: typeof username === 'string' && username.trim() !== '' ? username : null,
    ...(typeof password === 'string' && password !== '' ? { password } : {}),
  };
}
