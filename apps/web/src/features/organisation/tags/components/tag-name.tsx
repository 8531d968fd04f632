import { ColorSwatch, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The colour a tag without its own colour is shown in. */
export const DEFAULT_TAG_COLOR = '#868e96';

/** A tag's name after a swatch of its colour. */
export function TagName({ color, children }: { color: string | null; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch
        color={color ?? DEFAULT_TAG_COLOR}
        size={14}
        withShadow={false}
        aria-hidden
        data-testid="tag-swatch"
      />
      <Text size="sm" component="span">
        {children}
      </Text>
    </Group>
  );
}
