import {
  FILE_DESCRIPTION_MAX_LENGTH,
  updateFileBodySchema,
  type FileInfo,
} from '@netfleet/contracts';
import { DescriptionForm as EditDescription } from '@/components/description-form';
import { useUpdateGlobalFirmware } from '../api/update-global-firmware';
import { ITEM } from '../texts';

/** A global firmware file's description, the one thing of it that can change. */
export function DescriptionForm({ file }: { file: Pick<FileInfo, 'id' | 'description'> }) {
  const { mutateAsync, isPending } = useUpdateGlobalFirmware(file.id);
  return (
    <EditDescription
      description={file.description}
      schema={updateFileBodySchema}
      maxLength={FILE_DESCRIPTION_MAX_LENGTH}
      item={ITEM}
      save={mutateAsync}
      pending={isPending}
    />
  );
}
