// The SSH/SFTP login form and what it sends: the terminal's start message and the SFTP login
// body share the same credential fields (sftpLoginBodySchema).
import { z } from 'zod';
import type { sftpLoginBodySchema } from '@netfleet/contracts';
import { CONNECT_TEXTS } from '../texts';

export type Credentials = z.infer<typeof sftpLoginBodySchema>;

export const credentialsFormSchema = z
  .object({
    username: z.string().trim().min(1, CONNECT_TEXTS.usernameRequired).max(64),
    auth: z.enum(['password', 'key']),
    password: z.string().max(256),
    private_key: z.string().max(16_384),
    passphrase: z.string().max(256),
    remember: z.boolean(),
  })
  .superRefine((values, ctx) => {
    // Only the chosen method's secret is required; the other one's field is hidden and ignored.
    if (values.auth === 'password' && values.password === '')
      ctx.addIssue({ code: 'custom', path: ['password'], message: CONNECT_TEXTS.passwordRequired });
    if (values.auth === 'key' && values.private_key.trim() === '')
      ctx.addIssue({
        code: 'custom',
        path: ['private_key'],
        message: CONNECT_TEXTS.privateKeyRequired,
      });
  });

export type CredentialsValues = z.infer<typeof credentialsFormSchema>;

const DEFAULT_USERNAME = 'root';

export const defaultCredentialsValues = (username = DEFAULT_USERNAME): CredentialsValues => ({
  username,
  auth: 'password',
  password: '',
  private_key: '',
  passphrase: '',
  remember: false,
});

export function toCredentials(values: CredentialsValues): Credentials {
  const secret =
    values.auth === 'password'
      ? { password: values.password }
      : {
          private_key: values.private_key,
          ...(values.passphrase === '' ? {} : { passphrase: values.passphrase }),
        };
  return { username: values.username, ...secret, remember: values.remember };
}

/** The credential the server keeps for the device, named by its user. */
export const savedCredentials = (username: string): Credentials => ({ username, use_saved: true });
