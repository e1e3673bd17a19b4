import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REASON_MAX_LENGTH, API_ROUTES, type AdminGalleryReport, type AdminModerationDecisionBody, type ModerationState } from '@lipcast/contracts';
import { Badge, type BadgeVariant } from '@lipcast/ui';
import { callApi, routeQuery } from '@lipcast/web-kit';
import { runAdminAction } from '../admin-api';
import { ConfirmAction } from '../common/ConfirmAction';
import { TextField } from '../common/fields';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';

const STATE_LABELS: Record<ModerationState, { text: string; variant: BadgeVariant }> = {
  visible: { text: 'visible', variant: 'success' },
  in_review: { text: 'in review', variant: 'info' },
  removed: { text: 'removed', variant: 'destructive' },
};

/**
 * Community influencers people reported: those in review first, then appealed ones, then the most
 * reported. An operator restores or removes one, always with a reason its owner reads (audited).
 */
export function GalleryTab() {
  const { data, isLoading, error } = useQuery({ ...routeQuery(API_ROUTES.admin.galleryReports), staleTime: 0 });

  return (
    <section aria-labelledby="gallery-heading" className="space-y-4">
      <h2 id="gallery-heading" className="text-xl font-semibold text-slate-900">
        Reported gallery items
      </h2>
      <LoadState isLoading={isLoading} error={error} label="reports" />
      {data && (
        <Table
          caption="Reported community influencers, in review first"
          columns={['Influencer', 'State', 'Reports', 'Last reason', 'Appeal', 'Decision']}
          empty={data.length === 0 && 'Nothing reported'}
        >
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
                {!item.published && <span className="block text-xs font-normal text-slate-500">not published by its owner</span>}
              </th>
              <td className={cellClass}>
                <Badge variant={STATE_LABELS[item.state].variant}>{STATE_LABELS[item.state].text}</Badge>
                {item.stateReason && <span className="mt-1 block text-xs text-slate-600">{item.stateReason}</span>}
              </td>
              <td className={cellClass}>
                {item.reports}
                <span className="block text-xs text-slate-500">weighing {item.weightedReports} since the last decision</span>
              </td>
              <td className={cellClass}>
                {item.lastReason ?? '—'}
                <span className="block whitespace-nowrap text-xs text-slate-500">{formatDateTime(item.lastReportedAt)}</span>
              </td>
              <td className={cellClass}>
                {item.appeal ? (
                  <>
                    <span className="block whitespace-pre-wrap">{item.appeal}</span>
                    {item.appealedAt && <span className="block whitespace-nowrap text-xs text-slate-500">{formatDateTime(item.appealedAt)}</span>}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className={cellClass}>
                <ModerationDecision item={item} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** The reason and the two decisions; the reason is required, and the owner reads it. */
function ModerationDecision({ item }: { item: AdminGalleryReport }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reasonGiven = () => {
    const missing = reason.trim().length < 3;
    setError(missing ? 'reason is required (3 characters or more)' : null);
    return !missing;
  };

  const decide = (decision: AdminModerationDecisionBody['decision']) =>
    runAdminAction(queryClient, 'Could not record the decision', async () => {
      await callApi(API_ROUTES.admin.decideGalleryItem(item.influencerId), { body: { decision, reason: reason.trim() } });
      setReason('');
      return decision === 'restore' ? `${item.name} restored` : `${item.name} removed`;
    });

  return (
    <div className="min-w-56 space-y-2">
      <TextField label={`Reason for ${item.name}`} value={reason} maxLength={ADMIN_REASON_MAX_LENGTH} onChange={(event) => setReason(event.target.value)} error={error} />
      <div className="flex gap-2">
        <ConfirmAction
          label="Restore"
          name={`Restore ${item.name}`}
          title={`Restore ${item.name}?`}
          description="It is visible again (in the gallery if its owner publishes it); reports made before now no longer count. Its owner reads your reason. This is written to the audit log."
          confirmLabel="Restore"
          disabled={item.state === 'visible'}
          canOpen={reasonGiven}
          onConfirm={() => decide('restore')}
        />
        <ConfirmAction
          label="Remove"
          name={`Remove ${item.name}`}
          title={`Remove ${item.name}?`}
          description="It leaves the gallery at once and cannot be used in new videos; its owner keeps their copy, reads your reason and may appeal once. This is written to the audit log."
          confirmLabel="Remove"
          variant="destructive"
          canOpen={reasonGiven}
          onConfirm={() => decide('remove')}
        />
      </div>
    </div>
  );
}
