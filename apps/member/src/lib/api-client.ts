/**
 * The member app's API client: the shared one (@fieldhouse/client) with this app's policy. Only a
 * 401 ends the session; a 403 is an answer the screen explains (a team one does not belong to).
 * Configured when this module loads, which main.tsx makes the first thing to happen.
 */
import { configureApiClient } from '@fieldhouse/client/api-client.ts';

configureApiClient({ unauthorizedStatuses: [401] });

export {
  ApiError,
  apiDelete,
  apiGet,
  apiPatch,
  apiPost,
  apiPut,
  apiUpload,
  onUnauthorized,
} from '@fieldhouse/client/api-client.ts';
