import { Badge, Card, CardContent } from '@lipcast/ui';
import { isPremium, type AccountUser } from '@lipcast/web-kit';
import { initials } from './subscription-summary';

/** Who is signed in: avatar, name, e-mail, generation count and plan status. */
export function AccountCard({ user }: { user: AccountUser }) {
  const name = user.username || 'User';
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="size-24 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-semibold text-brand-800">
            {initials(user)}
          </span>
        )}
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{name}</h2>
          {user.email && <p className="text-sm text-slate-600">{user.email}</p>}
        </div>
        <dl className="grid w-full grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-slate-50 p-3">
            {/* Counted by billing: finished videos of every kind, this period for Premium, ever on Free. */}
            <dt className="text-slate-500">{isPremium(user) ? 'Generations used this month' : 'Generations used'}</dt>
            <dd className="text-lg font-semibold text-slate-900">{user.generationsCount}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-500">Plan</dt>
            <dd className="pt-1">
              {isPremium(user) ? <Badge>Premium</Badge> : <Badge variant="outline">Free</Badge>}
            </dd>
          </div>
        </dl>
        {user.extraGenerations > 0 && (
          <p className="text-sm text-slate-700">{user.extraGenerations} extra generations available</p>
        )}
      </CardContent>
    </Card>
  );
}
