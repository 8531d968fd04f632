import { TextInput, type TextInputProps } from '@mantine/core';
import { VPN_CUSTOM_USERNAME_MAX_LENGTH } from '@netfleet/contracts';
import { VPN_TEXTS as T } from '../texts';

/** A custom user's name, which names its certificate; takes `register`'s props. */
export function UsernameInput(props: TextInputProps) {
  return (
    <TextInput
      label={T.username}
      description={T.usernameHint}
      required
      data-autofocus
      maxLength={VPN_CUSTOM_USERNAME_MAX_LENGTH}
      {...props}
    />
  );
}
