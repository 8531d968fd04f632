import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEVICE_API_DOCUMENTATIONS,
  type DeviceApiSystem,
  type DeviceDocumentation,
} from '@netfleet/contracts';
import { api, requestBlob } from '@/lib/api-client';
import { documentEndpoints, type DocumentationEndpoint } from '../model/documentation-endpoints';
import { dataCollectionKeys, DOCUMENTATIONS_PATH } from './keys';

/** What the config form shows of a documentation. */
export type DocumentationPick = Pick<
  DeviceDocumentation,
  'id' | 'name' | 'api_system' | 'api_version'
>;

const FIELDS = 'id,name,api_system,api_version';
// One per system and firmware version: the picker lists them all.
const LIMIT = 100;

/** GET /device-documentations: those of the system (all without one), by system and version. */
export function useDocumentations(system: DeviceApiSystem | null) {
  return useQuery({
    queryKey: dataCollectionKeys.documentationList(system),
    queryFn: async ({ signal }) =>
      (
        await api.get<DocumentationPick[]>(DOCUMENTATIONS_PATH, {
          query: {
            fields: FIELDS,
            limit: LIMIT,
            sort: 'api_system,api_version',
            api_system: system ?? undefined,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

const builtIn = (id: number) =>
  DEVICE_API_DOCUMENTATIONS.find((documentation) => documentation.id === id);

/**
 * The endpoints of the chosen documentation: the built-in one's are known here; an upload's are
 * read from its document (GET .../file), only once it is chosen, and kept as the list of paths.
 */
export function useDocumentationEndpoints(id: number) {
  const known = builtIn(id);
  const query = useQuery({
    queryKey: dataCollectionKeys.documentationEndpoints(id),
    queryFn: async ({ signal }): Promise<DocumentationEndpoint[]> => {
      const response = await requestBlob(`${DOCUMENTATIONS_PATH}/${id}/file`, { signal });
      return documentEndpoints(await response.json());
    },
    enabled: !known && id > 0,
    staleTime: 5 * 60_000,
  });
  const endpoints: readonly DocumentationEndpoint[] = known?.endpoints ?? query.data ?? [];
  return endpoints;
}
