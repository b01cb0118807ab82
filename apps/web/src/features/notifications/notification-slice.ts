import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface NotificationState {
  unreadCount: number;
}

export const notificationSlice = createSlice({
  name: 'notification',
  initialState: { unreadCount: 0 } as NotificationState,
  reducers: {
    setUnreadCount(state, action: PayloadAction<number>) {
      state.unreadCount = Math.max(0, action.payload);
    },
  },
});

export const notificationActions = notificationSlice.actions;
