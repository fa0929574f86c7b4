/** User Management (§2.7): server-side search and paging, role badges, three actions per row. */
import { useState } from 'react';
import { Eye, KeyRound, Pencil } from 'lucide-react';
import type { TAdminUser } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { formatInteger } from '@web/lib/format';
import { useAdminQuery } from '../api';
import { RoleBadge } from '../badges';
import { Pager } from '../Pager';
import { useDebounced } from '../use-debounced';
import { UserCardsDialog } from './UserCardsDialog';
import { EditUserDialog } from './EditUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';

export const USERS_PAGE_SIZE = 25;
type Open = { kind: 'cards' | 'edit' | 'reset'; user: TAdminUser } | null;

export default function UsersTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim(), 300);
  const { data, isPending: isLoading } = useAdminQuery(
    'GET /api/admin/:hash/users',
    {},
    {
      search: debounced || undefined,
      page,
      pageSize: USERS_PAGE_SIZE,
    },
  );
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>User Management</CardTitle>
        <Input
          type="search"
          aria-label="Search users by username or email"
          placeholder="Search username or email…"
          className="max-w-xs"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ul aria-label="Loading users" className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} data-testid="user-skeleton" className="h-16 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </ul>
        ) : data?.items.length === 0 ? (
          <p className="py-8 text-center text-slate-600">No users found</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Users">
            {data?.items.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {u.username} <RoleBadge role={u.role} />
                  </p>
                  <p className="truncate text-sm text-slate-600">{u.email}</p>
                  <p className="text-sm text-slate-600">
                    {[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'} · {formatInteger(u.credits)} credits
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`View cards of ${u.username}`}
                    onClick={() => setOpen({ kind: 'cards', user: u })}
                  >
                    <Eye aria-hidden />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Edit ${u.username}`}
                    onClick={() => setOpen({ kind: 'edit', user: u })}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Reset password of ${u.username}`}
                    onClick={() => setOpen({ kind: 'reset', user: u })}
                  >
                    <KeyRound aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} hasMore={!!data?.hasMore} onPage={setPage} />
      </CardContent>
      <UserCardsDialog user={open?.kind === 'cards' ? open.user : null} onClose={close} />
      <EditUserDialog
        key={open?.kind === 'edit' ? open.user.id : 'edit-closed'}
        user={open?.kind === 'edit' ? open.user : null}
        onClose={close}
      />
      <ResetPasswordDialog
        key={open?.kind === 'reset' ? open.user.id : 'reset-closed'}
        user={open?.kind === 'reset' ? open.user : null}
        onClose={close}
      />
    </Card>
  );
}
