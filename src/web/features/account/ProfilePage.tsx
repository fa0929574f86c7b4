import { Pencil, Shield } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_CREDIT_PACKAGE } from '@contract/plans';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { avatarLetter, useAuth } from '@web/lib/auth';
import { CREDIT, formatCount, formatDate } from '@web/lib/format';
import { PageContainer, PageHeader } from './PageHeader';

const ROLE_LABEL = { user: 'Collector', admin: 'Administrator', super_admin: 'Super administrator' } as const;

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const pro = user.accountType === 'pro';
  const rows: [string, React.ReactNode][] = [
    ['Username', user.username],
    ['Email', user.email],
    ['Name', fullName || <span className="text-slate-600">Not set</span>],
    ['Role', ROLE_LABEL[user.role]],
    ['Member since', formatDate(user.createdAt)],
  ];
  return (
    <PageContainer>
      <PageHeader
        title="Your account"
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/account/security">
                <Shield aria-hidden /> Security
              </Link>
            </Button>
            <Button asChild>
              <Link to="/account/profile/edit">
                <Pencil aria-hidden /> Edit profile
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6 md:grid-cols-3">
        <Card className="md:col-span-2">
          <CardHeader className="flex-row items-center gap-4">
            <span
              className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-2xl font-semibold text-white"
              aria-hidden
            >
              {avatarLetter(user)}
            </span>
            <div>
              <CardTitle>{fullName || user.username}</CardTitle>
              <p className="text-sm text-slate-600">@{user.username}</p>
            </div>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              {rows.map(([k, v]) => (
                <div key={k} className="grid grid-cols-3 gap-4 py-3 text-sm">
                  <dt className="font-medium text-slate-600">{k}</dt>
                  <dd className="col-span-2 break-words text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Plan</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex items-center gap-2">
              <Badge variant={pro ? 'gold' : 'default'}>{pro ? 'PRO' : 'STARTER'}</Badge>
              <span className="text-sm text-slate-700">{pro ? 'Unlimited gradings' : `${formatCount(user.credits, CREDIT)} left`}</span>
            </div>
            {pro ? (
              <Button asChild variant="outline">
                <Link to="/account/billing">Manage billing</Link>
              </Button>
            ) : (
              <>
                <Button asChild>
                  <Link to={`/account/checkout/credits?package=${DEFAULT_CREDIT_PACKAGE}`}>Buy credits</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/pricing?tab=pro">Compare with Pro</Link>
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
