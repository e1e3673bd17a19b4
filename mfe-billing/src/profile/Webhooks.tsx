import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, WEBHOOK_EVENTS, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint, type WebhookEvent } from '@lipcast/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, type BadgeVariant } from '@lipcast/ui';
import { callApi, routeQuery, toast, useBusy } from '@lipcast/web-kit';
import { Checklist } from './Checklist';
import { ConfirmDelete } from './ConfirmDelete';
import { toastFailure } from './failure-toast';
import { ShownOnceSecret } from './ShownOnceSecret';
import { Loaded } from './Loaded';
import { formatUsDate } from './subscription-summary';

export const WEBHOOKS_ERROR_MESSAGE = 'Your webhook endpoints could not be loaded. Please try again later.';
export const DELIVERIES_ERROR_MESSAGE = 'Your recent deliveries could not be loaded. Please try again later.';
/** How many deliveries the log shows. */
export const RECENT_DELIVERIES = 20;

/** What each event means, as the form explains it. */
export const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'video.succeeded': 'A video is ready',
  'video.failed': 'A video failed or was canceled',
  'batch.completed': 'Every video of a batch has ended',
};

const STATUS_LABELS: Record<WebhookDeliveryStatus, { text: string; variant: BadgeVariant }> = {
  delivered: { text: 'Delivered', variant: 'success' },
  pending: { text: 'Pending', variant: 'info' },
  failed: { text: 'Failed', variant: 'destructive' },
};

/** A moment of the log: date and time, in the user's time zone. */
export function formatMoment(value: string): string {
  return new Date(value).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

/**
 * Outbound webhooks: register an endpoint (URL and events), see its signing secret once to copy it,
 * list and delete endpoints, enable one that failed deliveries disabled (saying why), and read the
 * recent deliveries (to endpoints and to videos' own `webhook_url`) with their attempts, sending one
 * again by hand.
 */
export function Webhooks() {
  const queryClient = useQueryClient();
  const endpointsQuery = routeQuery(API_ROUTES.webhookEndpoints);
  const deliveriesQuery = routeQuery(API_ROUTES.webhookDeliveries({ limit: RECENT_DELIVERIES }));
  const endpoints = useQuery(endpointsQuery);
  const deliveries = useQuery(deliveriesQuery);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const refreshEndpoints = () => queryClient.invalidateQueries({ queryKey: endpointsQuery.queryKey });
  const refreshDeliveries = () => queryClient.invalidateQueries({ queryKey: deliveriesQuery.queryKey });

  return (
    <Card role="region" aria-label="Webhooks">
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Lipcast posts a signed JSON event to your endpoints when a video ends (check <code>Lipcast-Signature</code> with the endpoint&apos;s secret). See the{' '}
          <a className="underline" href="/api/v1/docs">
            API documentation
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <CreateEndpointForm
          onCreated={(endpoint) => {
            setCreated(endpoint);
            void refreshEndpoints();
          }}
        />
        {created && (
          <ShownOnceSecret
            warning={`Copy the signing secret of ${created.url} now: it will not be shown again.`}
            label="Signing secret"
            value={created.secret}
            copiedTitle="Signing secret copied"
            notCopiedTitle="The secret could not be copied"
            onDone={() => setCreated(null)}
          />
        )}
        <Loaded query={endpoints} loading="Loading your webhook endpoints..." failed={WEBHOOKS_ERROR_MESSAGE}>
          {(data) => <EndpointList endpoints={data} onChanged={() => void refreshEndpoints()} />}
        </Loaded>
        <section aria-labelledby="recent-deliveries" className="space-y-3">
          <h3 id="recent-deliveries" className="text-base font-semibold text-slate-900">
            Recent deliveries
          </h3>
          <Loaded query={deliveries} loading="Loading your deliveries..." failed={DELIVERIES_ERROR_MESSAGE}>
            {(data) => <DeliveryLog deliveries={data} onRedelivered={() => void refreshDeliveries()} />}
          </Loaded>
        </section>
      </CardContent>
    </Card>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['video.succeeded', 'video.failed']);
  const { busy, run } = useBusy((error) => toastFailure('The endpoint could not be added', error));

  function create(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const endpoint = await callApi(API_ROUTES.createWebhookEndpoint, { body: { url: url.trim(), events } });
      setUrl('');
      onCreated(endpoint);
    });
  }

  return (
    <form aria-label="Add a webhook endpoint" className="space-y-4" onSubmit={create}>
      <div className="space-y-2">
        <Label htmlFor={urlId}>Endpoint URL</Label>
        <Input id={urlId} type="url" value={url} maxLength={2000} placeholder="https://example.com/hooks/lipcast" required onChange={(event) => setUrl(event.target.value)} />
      </div>
      <Checklist legend="Events" options={WEBHOOK_EVENTS} descriptions={EVENT_DESCRIPTIONS} checked={events} onChange={setEvents} className="space-y-2" />
      <Button type="submit" disabled={busy || url.trim() === '' || events.length === 0}>
        {busy ? 'Adding...' : 'Add endpoint'}
      </Button>
    </form>
  );
}

/** Why an endpoint is disabled: the failed deliveries in a row that disabled it. */
export function disabledReason(endpoint: WebhookEndpoint): string {
  const failures = endpoint.consecutiveFailures;
  return `Disabled after ${failures} failed ${failures === 1 ? 'delivery' : 'deliveries'} in a row. It gets no events until you enable it.`;
}

function EndpointList({ endpoints, onChanged }: { endpoints: WebhookEndpoint[]; onChanged: () => void }) {
  if (endpoints.length === 0) return <p className="text-sm text-slate-600">No webhook endpoints yet.</p>;
  return (
    <ul aria-label="Your webhook endpoints" className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0 space-y-1">
            <p className="break-all font-mono text-sm text-slate-900">{endpoint.url}</p>
            <p className="flex flex-wrap gap-1">
              {endpoint.events.map((event) => (
                <Badge key={event} variant="secondary">
                  {event}
                </Badge>
              ))}
              {endpoint.disabled && <Badge variant="destructive">Disabled</Badge>}
            </p>
            {endpoint.disabled && <p className="text-sm text-red-700">{disabledReason(endpoint)}</p>}
            <p className="text-xs text-slate-600">Added {formatUsDate(endpoint.createdAt)}</p>
          </div>
          <div className="flex gap-2">
            {/* Enabling a disabled endpoint: it gets events from now on, its count of failures reset. */}
            {endpoint.disabled && (
              <RowAction
                texts={{ label: 'Enable', busy: 'Enabling...', name: `Enable ${endpoint.url}`, done: 'Webhook endpoint enabled', failed: 'The endpoint could not be enabled' }}
                action={() => callApi(API_ROUTES.enableWebhookEndpoint(endpoint.id))}
                onDone={onChanged}
              />
            )}
            <ConfirmDelete
              texts={{
                trigger: 'Delete',
                triggerName: `Delete ${endpoint.url}`,
                title: 'Delete this endpoint?',
                description: `${endpoint.url} gets no more events, retries included. This cannot be undone.`,
                keep: 'Keep the endpoint',
                confirm: 'Delete endpoint',
                busy: 'Deleting...',
                failed: 'The endpoint could not be deleted',
              }}
              onConfirm={async () => {
                await callApi(API_ROUTES.deleteWebhookEndpoint(endpoint.id));
                toast({ title: 'Webhook endpoint deleted', variant: 'success' });
                onChanged();
              }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A button that calls the API once, says so in a toast (or says why not), and reports success. */
function RowAction({ texts, action, onDone }: { texts: { label: string; busy: string; name: string; done: string; failed: string }; action: () => Promise<unknown>; onDone: () => void }) {
  const { busy, run } = useBusy((error) => toastFailure(texts.failed, error));

  async function act() {
    await action();
    toast({ title: texts.done, variant: 'success' });
    onDone();
  }

  return (
    <Button type="button" variant="outline" disabled={busy} aria-label={texts.name} onClick={() => void run(act)}>
      {busy ? texts.busy : texts.label}
    </Button>
  );
}

function DeliveryLog({ deliveries, onRedelivered }: { deliveries: WebhookDelivery[]; onRedelivered: () => void }) {
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <ul aria-label="Recent deliveries" className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <code className="text-sm text-slate-900">{delivery.event}</code>
              <Badge variant={STATUS_LABELS[delivery.status].variant}>{STATUS_LABELS[delivery.status].text}</Badge>
            </p>
            <p className="break-all text-xs text-slate-600">
              {delivery.endpointId === null ? 'Request URL' : 'Endpoint'} {delivery.url} · {formatMoment(delivery.createdAt)}
            </p>
            {delivery.attemptLog.length === 0 ? (
              <p className="text-xs text-slate-600">Not attempted yet</p>
            ) : (
              <ol aria-label={`Attempts of ${delivery.event} ${delivery.id}`} className="space-y-0.5 text-xs text-slate-700">
                {delivery.attemptLog.map((attempt, index) => (
                  <li key={`${attempt.at}-${index}`}>
                    {formatMoment(attempt.at)}: {attempt.statusCode === null ? (attempt.error ?? 'no answer') : `HTTP ${attempt.statusCode}`}
                  </li>
                ))}
              </ol>
            )}
          </div>
          <RowAction
            texts={{ label: 'Redeliver', busy: 'Sending...', name: `Redeliver ${delivery.event} to ${delivery.url}`, done: 'Sending it again now', failed: 'The delivery could not be sent again' }}
            action={() => callApi(API_ROUTES.redeliverWebhook(delivery.id))}
            onDone={onRedelivered}
          />
        </li>
      ))}
    </ul>
  );
}
