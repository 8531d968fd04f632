import { DEVICE_DOCUMENTATION_ACCEPT, DEVICE_DOCUMENTATION_MAX_BYTES } from '@netfleet/contracts';
import type { FormDefinition } from '@/components/schema-form';
import { dataCollectionKeys, DOCUMENTATIONS_PATH } from '../api/keys';
import { API_SYSTEM_OPTIONS } from '../model/api-systems';
import { DATA_COLLECTION_TEXTS } from '../texts';

const T = DATA_COLLECTION_TEXTS.uploadDocumentation;

/**
 * Spec §5 Upload device API documentation: system (rutos or tswos) and a .json file required,
 * overwrite optional; POST /device-documentations as multipart. The server reads the API version
 * from the document and refuses a known system and version unless overwrite is ticked.
 */
export const uploadDeviceApiDocumentationForm: FormDefinition = {
  name: 'upload-device-api-documentation',
  title: T.title,
  item: T.item,
  verb: 'create',
  successMessage: T.uploaded,
  permission: 'super_admin',
  method: 'POST',
  url: DOCUMENTATIONS_PATH,
  multipart: true,
  // The config form's documentation picker and endpoint lists (an upload may replace one).
  invalidate: [dataCollectionKeys.documentations],
  fields: [
    {
      key: 'system',
      label: T.system,
      type: 'radio',
      required: true,
      default: 'rutos',
      options: API_SYSTEM_OPTIONS,
    },
    {
      key: 'file',
      label: T.file,
      type: 'file',
      required: true,
      accept: DEVICE_DOCUMENTATION_ACCEPT,
      // The server stops reading at this size: refused here before the upload starts.
      maxSize: DEVICE_DOCUMENTATION_MAX_BYTES,
      subtext: T.fileHint,
    },
    { key: 'overwrite', label: T.overwrite, type: 'checkbox', hint: T.overwriteHint },
  ],
};
