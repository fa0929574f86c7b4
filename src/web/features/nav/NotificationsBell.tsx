import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TUserMessage } from '@contract/notifications';
import { cn } from '@web/lib/cn';
import { formatRelative } from '@web/lib/format';
import { api, useApiQuery } from '@web/lib/api-client';

export const USER_MESSAGES_KEY = ['/api/user-messages'] as const;
export const NOTIFICATIONS_POLL_MS = 30_000;

/** Bell with the unread count; opening lists notifications, clicking one marks it read (spec §4, §7.1). */
export default function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: messages = [] } = useApiQuery('GET /api/user-messages', {
    queryKey: USER_MESSAGES_KEY,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    staleTime: 0,
  });
  const markRead = useMutation({
    mutationFn: (id: string) => api('POST /api/user-messages/:id/mark-read', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_MESSAGES_KEY }),
  });
  const unread = messages.filter((m) => !m.isRead).length;

  const choose = (message: TUserMessage) => {
    if (!message.isRead) markRead.mutate(message.id);
    setOpen(false);
    if (message.relatedCardId) void navigate(`/account/collection/card-profile/${message.relatedCardId}`);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          <h2 className="px-2 py-1 text-sm font-semibold text-slate-900">Notifications</h2>
          {messages.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-slate-600">You're all caught up.</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {messages.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => choose(m)}
                    className={cn(
                      'flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-2 text-left hover:bg-slate-100',
                      !m.isRead && 'bg-brand-50',
                    )}
                  >
                    <span className="flex w-full items-center gap-2 text-sm font-medium text-slate-900">
                      {!m.isRead && <span className="size-2 rounded-full bg-brand-700" aria-label="Unread" />}
                      {m.title}
                    </span>
                    <span className="text-sm text-slate-700">{m.message}</span>
                    <span className="text-xs text-slate-600">{formatRelative(m.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
