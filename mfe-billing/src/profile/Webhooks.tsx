import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, WEBHOOK_EVENTS, type CreatedWebhookEndpoint, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint, type WebhookEvent } from '@lipcast/contracts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter, AlertDialogTrigger, Badge, Button, Card, CardContent,
  CardDescription, CardHeader, CardTitle, Input, Label, type BadgeVariant,
} from '@lipcast/ui';
import { callApi, routeQuery, toast } from '@lipcast/web-kit';
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

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** A moment of the log: date and time, in the user's time zone. */
export function formatMoment(value: string): string {
  return new Date(value).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

/**
 * Outbound webhooks: register an endpoint (URL and events), see its signing secret once to copy it,
 * list and delete endpoints, and read the recent deliveries (to endpoints and to videos' own
 * `webhook_url`) with their attempts, sending one again by hand.
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
        {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
        {endpoints.isLoading ? (
          <p className="text-sm text-slate-600">Loading your webhook endpoints...</p>
        ) : endpoints.isError || !endpoints.data ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {WEBHOOKS_ERROR_MESSAGE}
          </p>
        ) : (
          <EndpointList endpoints={endpoints.data} onDeleted={() => void refreshEndpoints()} />
        )}
        <section aria-labelledby="recent-deliveries" className="space-y-3">
          <h3 id="recent-deliveries" className="text-base font-semibold text-slate-900">
            Recent deliveries
          </h3>
          {deliveries.isLoading ? (
            <p className="text-sm text-slate-600">Loading your deliveries...</p>
          ) : deliveries.isError || !deliveries.data ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {DELIVERIES_ERROR_MESSAGE}
            </p>
          ) : (
            <DeliveryLog deliveries={deliveries.data} onRedelivered={() => void refreshDeliveries()} />
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['video.succeeded', 'video.failed']);
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((held) => held !== event)));

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const endpoint = await callApi(API_ROUTES.createWebhookEndpoint, { body: { url: url.trim(), events } });
      setUrl('');
      onCreated(endpoint);
    } catch (error) {
      toast({ title: 'The endpoint could not be added', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label="Add a webhook endpoint" className="space-y-4" onSubmit={(event) => void create(event)}>
      <div className="space-y-2">
        <Label htmlFor={urlId}>Endpoint URL</Label>
        <Input id={urlId} type="url" value={url} maxLength={2000} placeholder="https://example.com/hooks/lipcast" required onChange={(event) => setUrl(event.target.value)} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-neutral-800">Events</legend>
        {WEBHOOK_EVENTS.map((webhookEvent) => (
          <label key={webhookEvent} className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5" checked={events.includes(webhookEvent)} onChange={(event) => toggle(webhookEvent, event.target.checked)} />
            <span>
              <code>{webhookEvent}</code>: {EVENT_DESCRIPTIONS[webhookEvent]}
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={busy || url.trim() === '' || events.length === 0}>
        {busy ? 'Adding...' : 'Add endpoint'}
      </Button>
    </form>
  );
}

/** The new endpoint's signing secret, this once: copy it now. */
function NewSecret({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  const secretId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast({ title: 'Signing secret copied', variant: 'success' });
    } catch {
      toast({ title: 'The secret could not be copied', description: 'Select it and copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Copy the signing secret of {created.url} now: it will not be shown again.</p>
      <Label htmlFor={secretId}>Signing secret</Label>
      <div className="flex gap-2">
        <Input id={secretId} readOnly value={created.secret} className="min-w-0 font-mono" onFocus={(event) => event.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <Button type="button" variant="ghost" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

function EndpointList({ endpoints, onDeleted }: { endpoints: WebhookEndpoint[]; onDeleted: () => void }) {
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
            <p className="text-xs text-slate-600">Added {formatUsDate(endpoint.createdAt)}</p>
          </div>
          <DeleteEndpoint endpoint={endpoint} onDeleted={onDeleted} />
        </li>
      ))}
    </ul>
  );
}

function DeleteEndpoint({ endpoint, onDeleted }: { endpoint: WebhookEndpoint; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove(event: MouseEvent) {
    // Keeps the dialog open, busy, until the server has answered.
    event.preventDefault();
    setBusy(true);
    try {
      await callApi(API_ROUTES.deleteWebhookEndpoint(endpoint.id));
      toast({ title: 'Webhook endpoint deleted', variant: 'success' });
      setOpen(false);
      onDeleted();
    } catch (error) {
      toast({ title: 'The endpoint could not be deleted', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" aria-label={`Delete ${endpoint.url}`}>
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent title="Delete this endpoint?" description={`${endpoint.url} gets no more events, retries included. This cannot be undone.`}>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Keep the endpoint</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={(event) => void remove(event)} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete endpoint'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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
          <Redeliver delivery={delivery} onRedelivered={onRedelivered} />
        </li>
      ))}
    </ul>
  );
}

function Redeliver({ delivery, onRedelivered }: { delivery: WebhookDelivery; onRedelivered: () => void }) {
  const [busy, setBusy] = useState(false);

  async function redeliver() {
    setBusy(true);
    try {
      await callApi(API_ROUTES.redeliverWebhook(delivery.id));
      toast({ title: 'Sending it again now', variant: 'success' });
      onRedelivered();
    } catch (error) {
      toast({ title: 'The delivery could not be sent again', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="outline" disabled={busy} aria-label={`Redeliver ${delivery.event} to ${delivery.url}`} onClick={() => void redeliver()}>
      {busy ? 'Sending...' : 'Redeliver'}
    </Button>
  );
}
