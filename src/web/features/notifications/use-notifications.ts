import { useCallback, useEffect, useRef, useState } from 'react';
import { LIST_LIMIT, LIST_PAGE } from '../../../domain/limits/constants.ts';
import type { NotificationList } from '../../../domain/notifications/notification.ts';
import { api, envelopeOf } from '../../lib/api-client.ts';

export const fetchNotifications = () =>
  envelopeOf(api.GET('/api/v1/users/notification', { params: { query: { page: LIST_PAGE, limit: LIST_LIMIT } } }));

export const deleteNotification = (id: number) =>
  envelopeOf(api.DELETE('/api/v1/users/notification/{id}', { params: { path: { id: String(id) } } }));

export const markNotificationsRead = (upTo: number) =>
  envelopeOf(api.POST('/api/v1/users/notification/read', { body: { upTo } }));

/** The newest notification a list holds (ids grow as they are made), or null when it is empty. */
export const newestId = (list: NotificationList): number | null =>
  list.notifications.length === 0 ? null : Math.max(...list.notifications.map((n) => n.id));

export interface NotificationsState {
  list: NotificationList | null;
  loading: boolean;
  /**
   * Loads the list again (SPEC.md §4: on login and whenever the panel toggles): the list now shown,
   * or null when the load failed or a later one replaced it.
   */
  reload(): Promise<NotificationList | null>;
  /** Deletes one notification on the server, then reloads the list. */
  remove(id: number): Promise<void>;
  /** Marks read on the server what the panel listed, up to `upTo` (the badge clears on the next load). */
  markRead(upTo: number): Promise<void>;
}

/**
 * The signed-in user's notifications: page 1, limit 100 (SPEC.md §9). Failures are only logged
 * and the list stays as it was (SPEC.md §8).
 */
export function useNotifications(): NotificationsState {
  const [list, setList] = useState<NotificationList | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const { data } = await fetchNotifications();
      if (call !== latest.current) return null;
      setList(data);
      return data;
    } catch {
      // Logged by the call helper; the panel keeps what it showed.
      return null;
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, []);

  const remove = useCallback(
    async (id: number) => {
      try {
        await deleteNotification(id);
      } catch {
        // Logged by the call helper.
      }
      await reload();
    },
    [reload],
  );

  const markRead = useCallback(async (upTo: number) => {
    try {
      await markNotificationsRead(upTo);
    } catch {
      // Logged by the call helper.
    }
  }, []);

  // SPEC.md §4: loaded on login (this mounts when the user is signed in).
  useEffect(() => {
    void reload();
  }, [reload]);

  return { list, loading, reload, remove, markRead };
}
