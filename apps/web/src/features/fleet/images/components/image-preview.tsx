import { Image, Stack, Text } from '@mantine/core';
import { formatBytes, type ImageInfo } from '@netfleet/contracts';
import { imageUrl } from '../api/keys';

/** The picture at full size (scaled down to the dialog), with what it is. */
export function ImagePreview({ image }: { image: ImageInfo }) {
  return (
    <Stack gap="xs">
      <Image
        src={imageUrl(image.id)}
        alt={image.description || image.name}
        fit="contain"
        // Never wider than the picture itself: a small image is not blown up.
        w="auto"
        maw="100%"
        mah="70vh"
        mx="auto"
      />
      <Text size="sm" c="dimmed">
        {`${image.original_width}×${image.original_height} · ${formatBytes(image.size)}`}
        {image.description && ` · ${image.description}`}
      </Text>
    </Stack>
  );
}
