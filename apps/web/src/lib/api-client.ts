/**
 * The one HTTP client: attaches the id token (SPEC §7), drops null/undefined query values,
 * and turns failures into ApiError; 401 and 403 become 'Unauthorized' (SPEC §8).
 */
import { fetchAuthSession } from 'aws-amplify/auth';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

async function authHeader(): Promise<Record<string, string>> {
  const { tokens } = await fetchAuthSession();
  const token = tokens?.idToken?.toString();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function apiGet<T>(path: string, query: Query = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== null && value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  const res = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, {
    headers: { accept: 'application/json', ...(await authHeader()) },
  });
  if (res.status === 401 || res.status === 403) throw new ApiError(res.status, 'Unauthorized');
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new ApiError(res.status, body.message ?? `Request failed (${res.status})`);
  return body as T;
}
