/**
 * The admin app's API client: the shared one (@fieldhouse/client) with this app's policy. Any 401
 * or 403 ends the session (SPEC §8 'Unauthorized': the auth provider signs out), and a
 * SUPER_ADMIN's active organization rides on every request. Configured when this module loads,
 * which main.tsx makes the first thing to happen.
 */
import { configureApiClient } from '@fieldhouse/client/api-client.ts';
import { getActiveOrganization } from './active-organization.ts';

configureApiClient({
  unauthorizedStatuses: [401, 403],
  defaultQuery: () => {
    const organizationId = getActiveOrganization();
    return organizationId ? { organizationId } : {};
  },
});

export {
  ApiError,
  apiBlob,
  apiDelete,
  apiDownload,
  apiGet,
  apiPatch,
  apiPost,
  apiPostText,
  apiPut,
  onUnauthorized,
} from '@fieldhouse/client/api-client.ts';
