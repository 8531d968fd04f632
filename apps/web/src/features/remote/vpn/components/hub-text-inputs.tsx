import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import { VPN_HUB_DESCRIPTION_MAX_LENGTH, VPN_HUB_NAME_MAX_LENGTH } from '@netfleet/contracts';
import { VPN_TEXTS as T } from '../texts';

/** A hub's name; takes `register`'s props. */
export function HubNameInput(props: TextInputProps) {
  return <TextInput label={T.name} required maxLength={VPN_HUB_NAME_MAX_LENGTH} {...props} />;
}

/** A hub's description; takes `register`'s props. */
export function HubDescriptionInput(props: TextareaProps) {
  return (
    <Textarea
      label={T.description}
      autosize
      minRows={2}
      maxLength={VPN_HUB_DESCRIPTION_MAX_LENGTH}
      {...props}
    />
  );
}
