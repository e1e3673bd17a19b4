import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type AdminGalleryReport } from '@lipcast/contracts';
import { Badge } from '@lipcast/ui';
import { callApi, routeQuery, toast } from '@lipcast/web-kit';
import { errorText, refreshAdminData } from '../admin-api';
import { ConfirmAction } from '../common/ConfirmAction';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';

/** Community influencers people reported, most reported first; withdrawing takes one out of the gallery. */
export function GalleryTab() {
  const queryClient = useQueryClient();
  const { data, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.galleryReports), staleTime: 0 });

  async function withdraw(item: AdminGalleryReport) {
    try {
      await callApi(API_ROUTES.admin.withdraw(item.influencerId));
      toast({ title: `${item.name} withdrawn from the gallery`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Could not withdraw it', description: errorText(failure), variant: 'destructive' });
    } finally {
      await refreshAdminData(queryClient);
    }
  }

  return (
    <section aria-labelledby="gallery-heading" className="space-y-4">
      <h2 id="gallery-heading" className="text-xl font-semibold text-slate-900">
        Reported gallery items
      </h2>
      <LoadState isLoading={isLoading} error={error} label="reports" />
      {data && (
        <Table caption="Reported community influencers, most reported first" columns={['Influencer', 'Reports', 'Last reason', 'Last reported', 'In gallery', '']} empty={data.length === 0 && 'Nothing reported'}>
          {data.map((item) => (
            <tr key={item.influencerId}>
              <th scope="row" className={`${cellClass} font-medium`}>
                {item.videoUrl ? (
                  <a href={item.videoUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                    {item.name}
                  </a>
                ) : (
                  item.name
                )}
                <span className="block font-mono text-xs font-normal text-slate-500">owner {item.ownerId}</span>
              </th>
              <td className={cellClass}>{item.reports}</td>
              <td className={cellClass}>{item.lastReason ?? '—'}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(item.lastReportedAt)}</td>
              <td className={cellClass}>{item.published ? <Badge variant="success">published</Badge> : <Badge variant="outline">withdrawn</Badge>}</td>
              <td className={cellClass}>
                <ConfirmAction
                  label={`Withdraw ${item.name}`}
                  title={`Withdraw ${item.name}?`}
                  description="It leaves the community gallery at once; its owner keeps it. This is written to the audit log."
                  confirmLabel="Withdraw"
                  variant="destructive"
                  disabled={!item.published}
                  onConfirm={() => withdraw(item)}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
