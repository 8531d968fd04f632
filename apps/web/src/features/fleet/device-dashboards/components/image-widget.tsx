import { Image } from '@mantine/core';
import { useState } from 'react';
import { imageUrl } from '../api/keys';
import { DASHBOARD_TEXTS as T } from '../texts';
import { Empty } from './states';

// Uploads are at most 2048x1080: the widget scales them down to its width and this height.
const MAX_HEIGHT = 320;

/**
 * A company's dashboard image, scaled to fit the widget (never blown up). One the viewer may not
 * see, or deleted since it was placed, answers 404: the widget says so.
 */
export function ImageBody({ imageId, title }: { imageId: number; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Empty message={T.image.missing} />;
  return (
    <Image
      src={imageUrl(imageId)}
      alt={title}
      fit="contain"
      w="auto"
      maw="100%"
      mah={MAX_HEIGHT}
      mx="auto"
      onError={() => setFailed(true)}
    />
  );
}
