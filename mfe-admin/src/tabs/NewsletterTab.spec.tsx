import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminNewsletterIssue, AdminNewsletterIssueList } from '@lipcast/contracts';
import { createQueryClient, getToasts } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { NEWSLETTER_MESSAGES } from '../forms/newsletter-issue';
import { NewsletterTab } from './NewsletterTab';

const ISSUES = '/api/admin/newsletter/issues';

const SENT: AdminNewsletterIssue = {
  id: 7,
  subject: 'November news',
  createdBy: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  createdAt: '2026-11-20T10:00:00.000Z',
  sentCount: 2,
  recipientCount: 2,
  finishedAt: '2026-11-20T10:01:00.000Z',
};
const STOPPED: AdminNewsletterIssue = { ...SENT, id: 8, subject: 'December news', sentCount: 1, finishedAt: null };

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterTab />
    </QueryClientProvider>,
  );
}

const list = (issues: AdminNewsletterIssue[], confirmedSubscribers = 2): AdminNewsletterIssueList => ({ issues, confirmedSubscribers });

describe('NewsletterTab', () => {
  it('shows the confirmed subscribers and each issue with sent / total; only an unfinished one can be resumed', async () => {
    const fetchMock = fakeApi({ [`GET ${ISSUES}`]: { body: list([STOPPED, SENT]) }, [`POST ${ISSUES}/8/resume`]: { body: { id: 8, recipients: 1 } } });
    renderTab();

    expect((await screen.findByText(/confirmed subscribers/)).textContent).toContain('2 confirmed subscribers');
    const table = screen.getByRole('table', { name: 'Newsletter issues, newest first' });
    const [stoppedRow, sentRow] = within(table).getAllByRole('row').slice(1);
    expect(within(stoppedRow).getByRole('rowheader').textContent).toBe('December news');
    expect(stoppedRow.textContent).toContain('1 / 2');
    expect(stoppedRow.textContent).toContain('not finished');
    expect(sentRow.textContent).toContain('2 / 2');
    expect(within(sentRow).queryByRole('button')).toBeNull();

    fireEvent.click(within(stoppedRow).getByRole('button', { name: 'Resume December news' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Resume “December news”?');
    expect(callsTo(fetchMock, `POST ${ISSUES}/8/resume`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${ISSUES}/8/resume`)).toHaveLength(1));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Sending “December news” to 1 subscriber more', variant: 'success' }));
  });

  it('shows what is wrong instead of asking to send an empty or too long issue', async () => {
    const fetchMock = fakeApi({ [`GET ${ISSUES}`]: { body: list([]) } });
    renderTab();
    await screen.findByText('No issue sent yet');

    fireEvent.click(screen.getByRole('button', { name: 'Send issue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(NEWSLETTER_MESSAGES.subjectMissing)).toBeTruthy();
    expect(screen.getByText(NEWSLETTER_MESSAGES.bodyMissing)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'x'.repeat(151) } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'Some text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send issue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText(NEWSLETTER_MESSAGES.subjectTooLong)).toBeTruthy();
    expect(screen.queryByText(NEWSLETTER_MESSAGES.bodyMissing)).toBeNull();
    expect(callsTo(fetchMock, `POST ${ISSUES}`)).toHaveLength(0);
  });

  it('previews the paragraphs, asks "Send to N subscribers?", then sends the issue and empties the form', async () => {
    const fetchMock = fakeApi({ [`GET ${ISSUES}`]: { body: list([]) }, [`POST ${ISSUES}`]: { status: 201, body: { id: 9, recipients: 2 } } });
    renderTab();
    await screen.findByText('No issue sent yet');

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '  Big news  ' } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'First paragraph.\n\n\nSecond paragraph.' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect([...preview.querySelectorAll('p')].map((paragraph) => paragraph.textContent)).toEqual([
      'Big news',
      'Hello,',
      'First paragraph.',
      'Second paragraph.',
      "Each subscriber's mail ends with their own unsubscribe link.",
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Send issue' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Send to 2 subscribers?');
    expect(callsTo(fetchMock, `POST ${ISSUES}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(callsTo(fetchMock, `POST ${ISSUES}`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${ISSUES}`)[0].body))).toEqual({ subject: 'Big news', body: 'First paragraph.\n\n\nSecond paragraph.' });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Sending the issue to 2 subscribers', variant: 'success' }));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
    // The list is read again after the send.
    await waitFor(() => expect(callsTo(fetchMock, `GET ${ISSUES}`).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the error when the send fails, keeping what was written', async () => {
    fakeApi({ [`GET ${ISSUES}`]: { body: list([]) }, [`POST ${ISSUES}`]: { status: 503, body: { message: 'The content service is unavailable' } } });
    renderTab();
    await screen.findByText('No issue sent yet');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Big news' } });
    fireEvent.change(screen.getByLabelText(/^Body/), { target: { value: 'Text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send issue' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));

    expect((await screen.findByText(/Could not send the issue/)).textContent).toBe('Could not send the issue: The content service is unavailable');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Big news');
  });

  it('cannot send when nobody has confirmed', async () => {
    fakeApi({ [`GET ${ISSUES}`]: { body: list([], 0) } });
    renderTab();
    await screen.findByText('No issue sent yet');
    expect((screen.getByRole('button', { name: 'Send issue' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/nobody to send an issue to/)).toBeTruthy();
  });
});
