import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@lipcast/contracts';
import { routeQuery } from '@lipcast/web-kit';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';

/** How often the queue figures are reloaded while the tab is open. */
export const QUEUE_REFRESH_MS = 5000;

/** The generation queue as the autoscaler sees it: pending and ack-pending per consumer, and the workers consuming. */
export function QueueTab() {
  const { data, isLoading, error, dataUpdatedAt } = useQuery({ ...routeQuery(API_ROUTES.admin.queue), refetchInterval: QUEUE_REFRESH_MS, staleTime: 0 });
  return (
    <section aria-labelledby="queue-heading" className="space-y-4">
      <h2 id="queue-heading" className="text-xl font-semibold text-slate-900">
        Generation queue
      </h2>
      <LoadState isLoading={isLoading} error={error} label="the queue" />
      {data && (
        <>
          <p className="text-slate-700">
            <strong className="text-2xl text-slate-900">{data.workers}</strong> {data.workers === 1 ? 'worker' : 'workers'} consuming
          </p>
          <Table caption="Queue consumers" columns={['Consumer', 'Pending', 'Ack pending']} empty={data.consumers.length === 0 && 'No consumer on the queue'}>
            {data.consumers.map((consumer) => (
              <tr key={consumer.name}>
                <th scope="row" className={`${cellClass} font-medium`}>
                  {consumer.name}
                </th>
                <td className={cellClass}>{consumer.pending}</td>
                <td className={cellClass}>{consumer.ackPending}</td>
              </tr>
            ))}
          </Table>
          <p className="text-xs text-slate-500">
            Refreshed every {QUEUE_REFRESH_MS / 1000} seconds; last at {new Date(dataUpdatedAt).toISOString().slice(11, 19)} UTC.
          </p>
        </>
      )}
    </section>
  );
}
