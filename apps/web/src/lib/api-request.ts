import { API_BASE_URL } from './config';
import { apiErrorFromResponse, toApiError } from './api-error';
import { reportSessionEnded } from './session-ended';
import { STORAGE_KEYS, storage } from './storage';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  /** 'blob' for downloads; JSON otherwise. */
  responseType?: 'json' | 'blob' | 'text';
}

function buildUrl(url: string, params?: RequestArgs['params']): string {
  const base = `${API_BASE_URL}${url}`;
  if (!params) return base;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${base}?${qs}` : base;
}

/**
 * Every call: API base URL + path, the stored access token as Bearer, JSON in and out, and any
 * failure turned into an ApiError. Throws on failure.
 */
export async function apiRequest<T>(args: RequestArgs): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = storage.get(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (args.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(args.url, args.params), {
      method: args.method ?? 'GET',
      headers,
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
    });
  } catch (e) {
    throw toApiError(e);
  }
  if (!res.ok) {
    // Only a call that carried the session still stored ends it: an anonymous call's 401 (a wrong
    // password is a 400 anyway) and a late answer to a token already replaced by a new login do not.
    if (res.status === 401 && token && storage.get(STORAGE_KEYS.token) === token) reportSessionEnded();
    const body = await res.json().catch(() => null);
    throw apiErrorFromResponse(res.status, body);
  }
  if (args.responseType === 'blob') return (await res.blob()) as T;
  if (args.responseType === 'text') return (await res.text()) as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

