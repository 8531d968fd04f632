import {
  IMAGE_DESCRIPTION_MAX_LENGTH,
  updateImageBodySchema,
  type ImageInfo,
} from '@netfleet/contracts';
import { DescriptionForm as EditDescription } from '@/components/description-form';
import { useUpdateImage } from '../api/update-image';
import { ITEM } from '../texts';

/** The one thing of an image that can change: its description. */
export function DescriptionForm({ image }: { image: Pick<ImageInfo, 'id' | 'description'> }) {
  const { mutateAsync, isPending } = useUpdateImage(image.id);
  return (
    <EditDescription
      description={image.description}
      schema={updateImageBodySchema}
      maxLength={IMAGE_DESCRIPTION_MAX_LENGTH}
      item={ITEM}
      save={mutateAsync}
      pending={isPending}
    />
  );
}
