import { STORAGE_KEYS, storage } from '../../lib/storage';
import type { SessionUser, UserState } from './user-slice';

export type RestoreResult = { state: Partial<UserState>; userWasCorrupt: boolean };

/**
 * Startup restore (spec §4): the stored user, token and selected menu items. A stored user that
 * fails to parse is removed and reported, so the caller can send the visitor to /login.
 */
export function readStoredSession(): RestoreResult {
  const state: Partial<UserState> = {
    selectedItem: storage.get(STORAGE_KEYS.selectedItem),
    selectedAccountsItem: storage.get(STORAGE_KEYS.selectedAccountsItem),
    selectedSettingsSubItem: storage.get(STORAGE_KEYS.selectedSettingsSubItem),
  };
  const raw = storage.get(STORAGE_KEYS.user);
  const token = storage.get(STORAGE_KEYS.token);
  if (raw === null) return { state, userWasCorrupt: false };
  try {
    const user = JSON.parse(raw) as SessionUser;
    if (!user || typeof user !== 'object' || typeof user.email !== 'string') throw new Error('bad user');
    return { state: { ...state, user, token }, userWasCorrupt: false };
  } catch {
    storage.remove(STORAGE_KEYS.user);
    storage.remove(STORAGE_KEYS.token);
    return { state, userWasCorrupt: true };
  }
}

/** Sign-out on the client: the stored session and local storage are cleared. */
export function clearStoredSession(): void {
  storage.clear();
}
