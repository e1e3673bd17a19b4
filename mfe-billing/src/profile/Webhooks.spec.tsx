import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@lipcast/contracts';
import { getToasts } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { formatMoment, Webhooks, WEBHOOKS_ERROR_MESSAGE } from './Webhooks';

const ENDPOINTS = 'GET /api/webhooks';
const DELIVERIES = 'GET /api/webhooks/deliveries?limit=20';

const ENDPOINT: WebhookEndpoint = {
  id: '0b7e4f2a-5c1d-4e8f-9a36-7d2c1b9e8f40',
  url: 'https://example.com/hooks/lipcast',
  events: ['video.succeeded', 'video.failed'],
  createdAt: '2026-11-20T10:00:00.000Z',
  disabled: false,
  consecutiveFailures: 0,
};

/** Disabled after 20 failed deliveries in a row. */
const DISABLED: WebhookEndpoint = {
  id: '7c4d2e1f-8a9b-4c3d-9e2f-1a0b9c8d7e6f',
  url: 'https://down.example/hooks',
  events: ['video.succeeded'],
  createdAt: '2026-11-21T10:00:00.000Z',
  disabled: true,
  consecutiveFailures: 20,
};

const CREATED: CreatedWebhookEndpoint = {
  id: '5a2c7e91-3b4d-4f6e-8a1b-2c3d4e5f6a7b',
  url: 'https://shop.example/lipcast',
  events: ['batch.completed'],
  createdAt: '2026-11-26T10:00:00.000Z',
  disabled: false,
  consecutiveFailures: 0,
  secret: 'whsec_q3J9x0vQeQ5aTt1lC8mF2bYp7Rk4nWz6sHdGuVjL0eA',
};

const PAYLOAD = {
  id: '9d3a6c1e-2f4b-4a7d-8e15-6b0c3f2a1d97',
  event: 'video.succeeded' as const,
  created_at: '2026-11-26T14:00:04.000Z',
  data: { video_id: 'v', job_id: 'v', kind: 'lipsync', status: 'succeeded' as const, url: null, duration: 4.2, error: null },
};

/** Delivered to the endpoint on the second attempt. */
const DELIVERED: WebhookDelivery = {
  id: PAYLOAD.id,
  endpointId: ENDPOINT.id,
  url: ENDPOINT.url,
  event: 'video.succeeded',
  payload: PAYLOAD,
  status: 'delivered',
  attempts: 2,
  nextAttemptAt: null,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2026-11-26T14:00:04.000Z',
  deliveredAt: '2026-11-26T14:00:40.000Z',
  attemptLog: [
    { at: '2026-11-26T14:00:05.000Z', statusCode: 500, error: null, durationMs: 80 },
    { at: '2026-11-26T14:00:40.000Z', statusCode: 200, error: null, durationMs: 60 },
  ],
};

/** To a video's own webhook_url, refused every time. */
const FAILED: WebhookDelivery = {
  ...DELIVERED,
  id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
  endpointId: null,
  url: 'https://orders.example/done',
  event: 'video.failed',
  status: 'failed',
  attempts: 1,
  lastStatusCode: null,
  lastError: 'connection refused',
  deliveredAt: null,
  attemptLog: [{ at: '2026-11-26T13:00:00.000Z', statusCode: null, error: 'connection refused', durationMs: 3 }],
};

describe('Webhooks', () => {
  it('lists the endpoints with their events, and the recent deliveries with status, URL and every attempt', async () => {
    fakeApi({ [ENDPOINTS]: { body: [ENDPOINT] }, [DELIVERIES]: { body: [DELIVERED, FAILED] } });
    renderInApp(<Webhooks />);

    const endpoint = within(await screen.findByRole('list', { name: 'Your webhook endpoints' })).getByRole('listitem');
    expect(endpoint.textContent).toContain(ENDPOINT.url);
    expect(within(endpoint).getByText('video.succeeded')).toBeTruthy();
    expect(within(endpoint).getByText('video.failed')).toBeTruthy();
    expect(endpoint.textContent).toContain('Added November 20, 2026');

    const log = await screen.findByRole('list', { name: 'Recent deliveries' });
    const [delivered, failed] = within(log).getAllByRole('listitem').filter((item) => item.parentElement === log);
    expect(within(delivered!).getByText('Delivered')).toBeTruthy();
    expect(delivered!.textContent).toContain(`Endpoint ${ENDPOINT.url}`);
    const attempts = within(delivered!).getByRole('list', { name: `Attempts of video.succeeded ${DELIVERED.id}` });
    expect(within(attempts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${formatMoment('2026-11-26T14:00:05.000Z')}: HTTP 500`,
      `${formatMoment('2026-11-26T14:00:40.000Z')}: HTTP 200`,
    ]);
    expect(within(failed!).getByText('Failed')).toBeTruthy();
    expect(failed!.textContent).toContain('Request URL https://orders.example/done');
    expect(failed!.textContent).toContain(`${formatMoment('2026-11-26T13:00:00.000Z')}: connection refused`);
  });

  it('adds an endpoint with the URL and the events ticked, then shows its secret once', async () => {
    const fetchMock = fakeApi({ [ENDPOINTS]: { body: [] }, [DELIVERIES]: { body: [] }, 'POST /api/webhooks': { status: 201, body: CREATED } });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderInApp(<Webhooks />);
    await screen.findByText('No webhook endpoints yet.');
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();

    const add = screen.getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: ' https://shop.example/lipcast ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /video\.succeeded/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /video\.failed/ }));
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /batch\.completed/ }));
    fireEvent.click(add);

    const secret = (await screen.findByLabelText('Signing secret')) as HTMLInputElement;
    expect(secret.value).toBe(CREATED.secret);
    expect(screen.getByText(/it will not be shown again/).textContent).toContain(CREATED.url);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/webhooks')[0]!.body))).toEqual({ url: 'https://shop.example/lipcast', events: ['batch.completed'] });
    // The list is read again after the add.
    await waitFor(() => expect(callsTo(fetchMock, ENDPOINTS)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CREATED.secret));
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it("shows the server's refusal of an endpoint as a toast", async () => {
    fakeApi({ [ENDPOINTS]: { body: [] }, [DELIVERIES]: { body: [] }, 'POST /api/webhooks': { status: 400, body: { message: 'url must be an http or https URL' } } });
    renderInApp(<Webhooks />);
    await screen.findByText('No webhook endpoints yet.');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://x.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'The endpoint could not be added', description: 'url must be an http or https URL', variant: 'destructive' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('deletes an endpoint only after confirming, then reads the list again', async () => {
    let endpoints = [ENDPOINT];
    const fetchMock = fakeApi({
      [ENDPOINTS]: () => ({ body: endpoints }),
      [DELIVERIES]: { body: [] },
      [`DELETE /api/webhooks/${ENDPOINT.id}`]: () => {
        endpoints = [];
        return { body: { deleted: true } };
      },
    });
    renderInApp(<Webhooks />);
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${ENDPOINT.url}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('gets no more events');
    expect(callsTo(fetchMock, `DELETE /api/webhooks/${ENDPOINT.id}`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    await screen.findByText('No webhook endpoints yet.');
    expect(callsTo(fetchMock, `DELETE /api/webhooks/${ENDPOINT.id}`)).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Webhook endpoint deleted', variant: 'success' });
  });

  it('says why a disabled endpoint is disabled and enables it with its Enable button, then reads the list again; an enabled one has no such button', async () => {
    let endpoints = [DISABLED, ENDPOINT];
    const enableRoute = `POST /api/webhooks/${DISABLED.id}/enable`;
    const fetchMock = fakeApi({
      [ENDPOINTS]: () => ({ body: endpoints }),
      [DELIVERIES]: { body: [] },
      [enableRoute]: () => {
        endpoints = [{ ...DISABLED, disabled: false, consecutiveFailures: 0 }, ENDPOINT];
        return { body: endpoints[0] };
      },
    });
    renderInApp(<Webhooks />);

    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
    const [disabled, enabled] = within(list).getAllByRole('listitem');
    expect(within(disabled!).getByText('Disabled')).toBeTruthy();
    expect(disabled!.textContent).toContain('Disabled after 20 failed deliveries in a row.');
    expect(enabled!.textContent).not.toContain('Disabled');
    expect(within(enabled!).queryByRole('button', { name: /^Enable/ })).toBeNull();

    fireEvent.click(within(disabled!).getByRole('button', { name: `Enable ${DISABLED.url}` }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Webhook endpoint enabled', variant: 'success' }));
    expect(callsTo(fetchMock, enableRoute)).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, ENDPOINTS)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Enable ${DISABLED.url}` })).toBeNull());
    expect(screen.getByRole('list', { name: 'Your webhook endpoints' }).textContent).not.toContain('Disabled');
  });

  it('shows a refused enable as a toast, the endpoint still disabled', async () => {
    fakeApi({
      [ENDPOINTS]: { body: [{ ...DISABLED, consecutiveFailures: 1 }] },
      [DELIVERIES]: { body: [] },
      [`POST /api/webhooks/${DISABLED.id}/enable`]: { status: 404, body: { message: 'No such webhook endpoint' } },
    });
    renderInApp(<Webhooks />);
    expect((await screen.findByRole('list', { name: 'Your webhook endpoints' })).textContent).toContain('Disabled after 1 failed delivery in a row.');
    fireEvent.click(screen.getByRole('button', { name: `Enable ${DISABLED.url}` }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'The endpoint could not be enabled', description: 'No such webhook endpoint', variant: 'destructive' }));
    expect(screen.getByRole('button', { name: `Enable ${DISABLED.url}` })).toBeTruthy();
  });

  it('redelivers a delivery and reads the log again; a refusal is a toast', async () => {
    const fetchMock = fakeApi({
      [ENDPOINTS]: { body: [] },
      [DELIVERIES]: { body: [DELIVERED, FAILED] },
      [`POST /api/webhooks/deliveries/${FAILED.id}/redeliver`]: { body: { ...FAILED, status: 'pending' } },
      [`POST /api/webhooks/deliveries/${DELIVERED.id}/redeliver`]: { status: 404, body: { message: 'No such webhook delivery' } },
    });
    renderInApp(<Webhooks />);
    fireEvent.click(await screen.findByRole('button', { name: `Redeliver video.failed to ${FAILED.url}` }));
    await waitFor(() => expect(callsTo(fetchMock, DELIVERIES)).toHaveLength(2));
    expect(callsTo(fetchMock, `POST /api/webhooks/deliveries/${FAILED.id}/redeliver`)).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Sending it again now', variant: 'success' });

    fireEvent.click(screen.getByRole('button', { name: `Redeliver video.succeeded to ${DELIVERED.url}` }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'The delivery could not be sent again', description: 'No such webhook delivery', variant: 'destructive' }));
  });

  it('says so when the endpoints cannot be loaded', async () => {
    fakeApi({ [ENDPOINTS]: { status: 503, body: { message: 'unavailable' } }, [DELIVERIES]: { body: [] } });
    renderInApp(<Webhooks />);
    expect((await screen.findByRole('alert')).textContent).toBe(WEBHOOKS_ERROR_MESSAGE);
  });
});
