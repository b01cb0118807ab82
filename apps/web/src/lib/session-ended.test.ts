import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-request';
import { onSessionEnded } from './session-ended';
import { STORAGE_KEYS } from './storage';

describe('a 401 on a signed-in call ends the session', () => {
  let ended: ReturnType<typeof vi.fn<() => void>>;
  let unsubscribe: () => void;
  let status = 401;

  beforeEach(() => {
    status = 401;
    ended = vi.fn<() => void>();
    unsubscribe = onSessionEnded(ended);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ detail: 'Not signed in' }), { status })));
  });
  afterEach(() => {
    unsubscribe();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('reports it when the call carried the stored session', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-session');
    await expect(apiRequest({ url: '/order/admin/all' })).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
  });

  it('not for an anonymous call (the login screen, the public pages)', async () => {
    await expect(apiRequest({ url: '/users/signin', method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });

  it('not for a late answer to a session already replaced by a new login', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-session');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        localStorage.setItem(STORAGE_KEYS.token, 'new-session');
        return new Response('{}', { status: 401 });
      }),
    );
    await expect(apiRequest({ url: '/users/me' })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });

  it('not for other refusals (a wrong password is a 400, a customer on an admin list a 403)', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'session');
    for (status of [400, 403, 404, 500]) await expect(apiRequest({ url: '/x' })).rejects.toMatchObject({ status });
    expect(ended).not.toHaveBeenCalled();
  });
});
