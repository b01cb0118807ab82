import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredSession } from './restore-session';

describe('session restore at startup (spec §4)', () => {
  beforeEach(() => localStorage.clear());

  it('restores the stored user, token and selected menu items', () => {
    localStorage.setItem('user', JSON.stringify({ id: 1, email: 'a@b.co', role: 'user' }));
    localStorage.setItem('access_token', 'tok');
    localStorage.setItem('selectedAccountsItem', 'plans');
    const r = readStoredSession();
    expect(r.userWasCorrupt).toBe(false);
    expect(r.state.user?.email).toBe('a@b.co');
    expect(r.state.token).toBe('tok');
    expect(r.state.selectedAccountsItem).toBe('plans');
  });

  it('removes a stored user that fails to parse and reports it', () => {
    localStorage.setItem('user', '{not json');
    localStorage.setItem('access_token', 'tok');
    const r = readStoredSession();
    expect(r.userWasCorrupt).toBe(true);
    expect(r.state.user).toBeUndefined();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('with nothing stored, nobody is signed in and nothing is corrupt', () => {
    const r = readStoredSession();
    expect(r.userWasCorrupt).toBe(false);
    expect(r.state.user).toBeUndefined();
  });
});
