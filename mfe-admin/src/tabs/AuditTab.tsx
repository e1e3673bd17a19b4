import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@lipcast/contracts';
import { routeQuery } from '@lipcast/web-kit';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';

/** Every operator action, newest first (the gateway's order). */
export function AuditTab() {
  const { data, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.audit), staleTime: 0 });
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
        Audit log
      </h2>
      <LoadState isLoading={isLoading} error={error} label="the audit log" />
      {data && (
        <Table caption="Operator actions, newest first" columns={['When', 'Operator', 'Action', 'Target', 'Detail']} empty={data.length === 0 && 'No action yet'}>
          {data.map((entry) => (
            <tr key={entry.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
              <td className={cellClass}>{entry.operatorName}</td>
              <td className={`${cellClass} font-mono text-xs`}>{entry.action}</td>
              <td className={`${cellClass} font-mono text-xs`}>{entry.target}</td>
              <td className={`${cellClass} font-mono text-xs break-all`}>{Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : '—'}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
