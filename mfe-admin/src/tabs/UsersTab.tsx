import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@lipcast/contracts';
import { Button } from '@lipcast/ui';
import { routeQuery } from '@lipcast/web-kit';
import { Detail } from '../common/Detail';
import { TextField } from '../common/fields';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';
import { CreditAdjustmentForm } from './CreditAdjustmentForm';

function UserSearch({ onOpen }: { onOpen: (userId: string) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const { data, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.users(query ?? '')), enabled: query !== null, staleTime: 0 });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) setQuery(text.trim());
  }
  return (
    <div className="space-y-4">
      <form role="search" aria-label="Find users" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField label="Username or e-mail" value={text} onChange={(event) => setText(event.target.value)} className="min-w-64 flex-1" />
        <Button type="submit">Search</Button>
      </form>
      {query !== null && <LoadState isLoading={isLoading} error={error} label="users" />}
      {data && (
        <Table caption="Users found" columns={['Username', 'E-mail', 'Since', '']} empty={data.length === 0 && `No user matches “${query}”`}>
          {data.map((user) => (
            <tr key={user.id}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {user.username}
              </th>
              <td className={cellClass}>{user.email ?? '—'}</td>
              <td className={cellClass}>{formatDateTime(user.createdAt)}</td>
              <td className={cellClass}>
                <Button variant="outline" size="sm" aria-label={`Open account of ${user.username}`} onClick={() => onOpen(user.id)}>
                  Open account
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

function UserAccount({ userId, refundJobId }: { userId: string; refundJobId?: string }) {
  const { data: account, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.user(userId)), staleTime: 0 });
  return (
    <section aria-labelledby="account-heading" className="space-y-4">
      <LoadState isLoading={isLoading} error={error} label="the account" />
      {account && (
        <>
          <h3 id="account-heading" className="text-lg font-semibold text-slate-900">
            Account of {account.user.username}
          </h3>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <Detail term="User id" className="font-mono">
              {account.user.id}
            </Detail>
            <Detail term="E-mail">{account.user.email ?? '—'}</Detail>
            <Detail term="Plan">
              {account.plan}
              {account.subscriptionStatus && ` (${account.subscriptionStatus})`}
            </Detail>
            <Detail term="Generations used">{account.generationsCount}</Detail>
            <Detail term="Extra generations">{account.extraGenerations}</Detail>
            <Detail term="Generations left" data-testid="generations-left">
              {account.generationsLeft}
            </Detail>
          </dl>
          <CreditAdjustmentForm key={`${userId}-${refundJobId ?? ''}`} userId={userId} jobId={refundJobId} />
          <h4 className="font-semibold text-slate-900">Reservations</h4>
          <Table caption="Credit reservations" columns={['Job', 'Status', 'Source', 'Created']} empty={account.reservations.length === 0 && 'No reservation'}>
            {account.reservations.map((reservation) => (
              <tr key={reservation.jobId}>
                <td className={`${cellClass} font-mono text-xs`}>{reservation.jobId}</td>
                <td className={cellClass}>{reservation.status}</td>
                <td className={cellClass}>{reservation.source}</td>
                <td className={cellClass}>{formatDateTime(reservation.createdAt)}</td>
              </tr>
            ))}
          </Table>
          <h4 className="font-semibold text-slate-900">Purchases</h4>
          <Table caption="Purchases" columns={['When', 'Kind', 'Amount', 'Reference']} empty={account.purchases.length === 0 && 'No purchase'}>
            {account.purchases.map((purchase) => (
              <tr key={purchase.reference}>
                <td className={cellClass}>{formatDateTime(purchase.at)}</td>
                <td className={cellClass}>{purchase.kind}</td>
                <td className={cellClass}>{purchase.amount === null ? '—' : `$${(purchase.amount / 100).toFixed(2)}`}</td>
                <td className={`${cellClass} font-mono text-xs`}>{purchase.reference}</td>
              </tr>
            ))}
          </Table>
          <h4 className="font-semibold text-slate-900">Ledger</h4>
          <Table caption="Credit ledger, newest first" columns={['When', 'Type', 'Change', 'Job', 'Operator', 'Reason']} empty={account.ledger.length === 0 && 'No entry'}>
            {account.ledger.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
                <td className={cellClass}>{entry.type}</td>
                <td className={cellClass}>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
                <td className={`${cellClass} font-mono text-xs`}>{entry.jobId ?? '—'}</td>
                <td className={cellClass}>{entry.operator ?? '—'}</td>
                <td className={cellClass}>{entry.reason ?? '—'}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}

/** Users by name or e-mail; an account's plan, credits, reservations, purchases and ledger; credit adjustments. */
export function UsersTab({ selection, onSelect }: { selection: { userId: string; jobId?: string } | null; onSelect: (userId: string) => void }) {
  return (
    <section aria-labelledby="users-heading" className="space-y-6">
      <h2 id="users-heading" className="text-xl font-semibold text-slate-900">
        Users
      </h2>
      <UserSearch onOpen={onSelect} />
      {selection && <UserAccount key={selection.userId} userId={selection.userId} refundJobId={selection.jobId} />}
    </section>
  );
}
