import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, type AdminAuditEntry } from '@lipcast/contracts';
import { routeQuery } from '@lipcast/web-kit';
import { auditSummary } from '../common/audit-summary';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';
import { UserName } from '../common/UserName';

/** An entry's detail in words ("Gave alice 5 extra generations", then "Reason: ..." lines), its JSON behind a disclosure. */
function AuditDetail({ entry }: { entry: AdminAuditEntry }) {
  const { sentence, lines } = auditSummary(entry);
  return (
    <div className="space-y-1">
      <p className="font-medium text-slate-900">{sentence}</p>
      {lines.length > 0 && (
        <ul className="text-slate-700">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {Object.keys(entry.detail).length > 0 && (
        <details className="text-xs text-slate-500">
          <summary className="cursor-pointer">Raw JSON</summary>
          <pre className="mt-1 font-mono break-all whitespace-pre-wrap">{JSON.stringify(entry.detail, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

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
              <td className={cellClass}>{entry.targetName ? <UserName id={entry.target} name={entry.targetName} /> : <span className="font-mono text-xs">{entry.target}</span>}</td>
              <td className={`${cellClass} min-w-64`}>
                <AuditDetail entry={entry} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
