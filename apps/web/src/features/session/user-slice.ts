import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isAdminRole } from '@lbs/domain/roles';
import type { TUser } from '@lbs/domain/responses';
import { STORAGE_KEYS, storage } from '../../lib/storage';

/** The user object as the API sends it (never a password hash). */
export type SessionUser = TUser;

export interface AccountHeaderItem {
  name: string;
  link: string;
  icon: string;
}

export interface UserState {
  user: SessionUser | null;
  token: string | null;
  loading: boolean;
  selectedItem: string | null;
  selectedAccountsItem: string | null;
  selectedSettingsSubItem: string | null;
  headerVisible: boolean;
  accountHeaderItems: AccountHeaderItem[];
  /** Result of the current-licence check (null: not checked yet). */
  hasLicense: boolean | null;
}

const initialUserState: UserState = {
  user: null,
  token: null,
  loading: true,
  selectedItem: null,
  selectedAccountsItem: null,
  selectedSettingsSubItem: null,
  headerVisible: true,
  accountHeaderItems: [],
  hasLicense: null,
};

export const isAdmin = (user: SessionUser | null | undefined) => !!user && isAdminRole(user.role);

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    setUser(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.loading = false;
      storage.set(STORAGE_KEYS.user, JSON.stringify(action.payload));
    },
    setToken(state, action: PayloadAction<string>) {
      state.token = action.payload;
      storage.set(STORAGE_KEYS.token, action.payload);
    },
    clearUser(state) {
      state.user = null;
      state.token = null;
      state.loading = false;
      state.hasLicense = null;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    setHeaderVisible(state, action: PayloadAction<boolean>) {
      state.headerVisible = action.payload;
    },
    setSelectedItem(state, action: PayloadAction<string>) {
      state.selectedItem = action.payload;
      storage.set(STORAGE_KEYS.selectedItem, action.payload);
    },
    setSelectedAccountsItem(state, action: PayloadAction<string>) {
      const v = action.payload.toLowerCase();
      state.selectedAccountsItem = v;
      storage.set(STORAGE_KEYS.selectedAccountsItem, v);
    },
    setSelectedSettingsSubItem(state, action: PayloadAction<string>) {
      state.selectedSettingsSubItem = action.payload;
      storage.set(STORAGE_KEYS.selectedSettingsSubItem, action.payload);
    },
    setAccountHeaderItems(state, action: PayloadAction<AccountHeaderItem[]>) {
      state.accountHeaderItems = action.payload;
    },
    setHasLicense(state, action: PayloadAction<boolean>) {
      state.hasLicense = action.payload;
    },
    restoreSession(state, action: PayloadAction<Partial<UserState>>) {
      Object.assign(state, action.payload);
    },
  },
});

export const userActions = userSlice.actions;
