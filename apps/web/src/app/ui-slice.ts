import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MSG } from '@lbs/domain/messages';

export interface UiState {
  isLoading: boolean;
  loadingMessage: string;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { isLoading: false, loadingMessage: MSG.loading } as UiState,
  reducers: {
    showLoading(state, action: PayloadAction<string | undefined>) {
      state.isLoading = true;
      state.loadingMessage = action.payload ?? MSG.loading;
    },
    hideLoading(state) {
      state.isLoading = false;
      state.loadingMessage = MSG.loading;
    },
  },
});

export const uiActions = uiSlice.actions;
