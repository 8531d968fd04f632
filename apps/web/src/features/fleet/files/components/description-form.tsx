import {
  FILE_DESCRIPTION_MAX_LENGTH,
  updateFileBodySchema,
  type FileInfo,
} from '@netfleet/contracts';
import { DescriptionForm as EditDescription } from '@/components/description-form';
import { useUpdateFile } from '../api/update-file';
import { ITEM } from '../texts';

/** The one thing of an uploaded file that can change: its description. */
export function DescriptionForm({ file }: { file: Pick<FileInfo, 'id' | 'description'> }) {
  const { mutateAsync, isPending } = useUpdateFile(file.id);
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
