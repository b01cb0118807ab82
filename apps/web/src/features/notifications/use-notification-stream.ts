import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/store-hooks';
import { api } from '../../lib/api';
import { apiRequest } from '../../lib/api-request';
import { API_BASE_URL } from '../../lib/config';
import { isApiError } from '../../lib/api-error';
import { notificationActions } from './notification-slice';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Keeps the unread count live through GET /notification/stream (server-sent events). The stream
 * opens with a one-minute ticket rather than the session token, so when the connection drops we
 * close it and reopen with a fresh ticket, backing off up to 30 s; EventSource's own retry would
 * reuse the spent ticket. A 401 on the ticket means the session is over: stop.
 *
 * `sharedReads`: the admins share one feed, so another admin's read (an `unread` event) changes
 * the rows on this admin's screen too, and the list reloads; a customer's own reads are already
 * on their screen.
 */
export function useNotificationStream(enabled: boolean, sharedReads = false): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const retry = () => {
      if (stopped) return;
      const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(connect, delay);
    };

    const onCount = (e: MessageEvent<string>) => {
      attempt = 0;
      try {
        const { unread_count } = JSON.parse(e.data) as { unread_count: number };
        dispatch(notificationActions.setUnreadCount(unread_count));
      } catch {
        /* a malformed event changes nothing */
      }
    };

    async function connect() {
      try {
        const { ticket } = await apiRequest<{ ticket: string }>({ url: '/notification/stream-ticket', method: 'POST' });
        if (stopped) return;
        source = new EventSource(`${API_BASE_URL}/notification/stream?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('unread', ((e: MessageEvent<string>) => {
          onCount(e);
          if (sharedReads) dispatch(api.util.invalidateTags(['Notifications']));
        }) as EventListener);
        source.addEventListener('notification', ((e: MessageEvent<string>) => {
          onCount(e);
          // Something happened (a payment, an order update): lists on screen reload.
          dispatch(api.util.invalidateTags(['Notifications', 'Licenses', 'Invoices', 'Orders']));
        }) as EventListener);
        source.onerror = () => {
          source?.close();
          source = null;
          retry();
        };
      } catch (e) {
        if (isApiError(e) && e.status === 401) return;
        retry();
      }
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, sharedReads, dispatch]);
}
