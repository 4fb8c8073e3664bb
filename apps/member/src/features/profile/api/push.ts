/** GET /push/public-key, POST and DELETE /push/subscriptions: this browser's web push (decision 028). */
import type { PushSubscriptionInput } from '@fieldhouse/shared';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client.ts';

export const getPushPublicKey = async () =>
  (await apiGet<{ data: { publicKey: string } }>('/push/public-key')).data.publicKey;

export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  apiPost<{ data: { endpoint: string } }>('/push/subscriptions', subscription);

export const removePushSubscription = (endpoint: string) =>
  apiDelete<{ data: { removed: boolean } }>('/push/subscriptions', undefined, { endpoint });
