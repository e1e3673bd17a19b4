import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LIKENESS_CONSENT_TEXT, VOICE_CONSENT_TEXT, type AdminJobDetail } from '@lipcast/contracts';
import { createQueryClient } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { JobsTab } from './JobsTab';

const USER = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const JOB_ID = '0b7e9a52-3c1d-4e8f-9a6b-2d4c6e8f0a1b';

const JOB: AdminJobDetail = {
  id: JOB_ID,
  kind: 'lipsync',
  status: 'succeeded',
  userId: USER,
  provider: 'embedded',
  progress: 100,
  error: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:01:00.000Z',
  attempts: 1,
  traceId: null,
  reservation: null,
  timeline: [],
};

/** The jobs tab listing one job, whose details answer `detail`; opens them. */
async function openJob(detail: AdminJobDetail) {
  fakeApi({
    [`GET /api/admin/jobs?limit=25`]: { body: { jobs: [detail], nextCursor: null } },
    [`GET /api/admin/jobs/${JOB_ID}`]: { body: detail },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JobsTab onRefund={() => undefined} />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: `Show job ${JOB_ID}` }));
  return screen.findByRole('region', { name: `Job ${JOB_ID}` });
}

/** The value shown for a term of the job's details. */
function detailOf(section: HTMLElement, term: string): string | null {
  const name = within(section).queryByText(term, { selector: 'dt' });
  return name?.nextElementSibling?.textContent ?? null;
}

describe("JobsTab: a job's consents (issue 35)", () => {
  it('shows each consent the job points to: the exact words, when and by whom', async () => {
    const section = await openJob({
      ...JOB,
      consents: [
        { id: 'c1', subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: '2026-11-29T09:30:00.000Z', userId: USER },
        { id: 'c2', subject: 'voice', text: VOICE_CONSENT_TEXT, givenAt: '2026-11-29T09:40:00.000Z', userId: USER },
      ],
    });
    await within(section).findByText('Consent', { selector: 'dt' });
    const lines = within(section).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([
      `${LIKENESS_CONSENT_TEXT} — given Nov 29, 2026, 9:30 AM UTC by ${USER}`,
      `${VOICE_CONSENT_TEXT} — given Nov 29, 2026, 9:40 AM UTC by ${USER}`,
    ]);
  });

  it('says when a job made from an upload has no consent recorded', async () => {
    const section = await openJob({ ...JOB, consents: [] });
    await within(section).findByText('Consent', { selector: 'dt' });
    expect(detailOf(section, 'Consent')).toBe('No consent recorded');
  });

  it('shows no consent line for a job made from a built-in actor', async () => {
    const section = await openJob(JOB);
    await within(section).findByText('Kind', { selector: 'dt' });
    expect(detailOf(section, 'Consent')).toBeNull();
  });
});

describe("JobsTab: a finished video's lip-sync (issue 36)", () => {
  it('shows the measured lip-sync in words, with its figures', async () => {
    const section = await openJob({ ...JOB, lipSync: { offsetMs: -160, confidence: 0.42 } });
    await within(section).findByText('Lip-sync', { selector: 'dt' });
    expect(detailOf(section, 'Lip-sync')).toBe('Lip-sync checked: slightly early, 160 ms (sound -160 ms against the mouth, confidence 0.42)');
  });

  it('lists only the jobs delivered below the lip-sync limits when the filter asks', async () => {
    const below = { ...JOB, lipSync: { offsetMs: 300, confidence: 0.6, belowThreshold: true as const } };
    fakeApi({
      [`GET /api/admin/jobs?limit=25`]: { body: { jobs: [JOB, below], nextCursor: null } },
      [`GET /api/admin/jobs?lipSync=below-threshold&limit=25`]: { body: { jobs: [below], nextCursor: null } },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <JobsTab onRefund={() => undefined} />
      </QueryClientProvider>,
    );
    expect(await screen.findAllByRole('button', { name: `Show job ${JOB_ID}` })).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Lip-sync'), { target: { value: 'below-threshold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: `Show job ${JOB_ID}` })).toHaveLength(1));
  });

  it('shows no lip-sync line for a job without one', async () => {
    const section = await openJob(JOB);
    await within(section).findByText('Kind', { selector: 'dt' });
    expect(detailOf(section, 'Lip-sync')).toBeNull();
  });
});

describe('JobsTab: a job opened from the list (issue 37)', () => {
  it("shows the job's details in a panel in view, with focus moved into it and back to the job's button on close", async () => {
    const section = await openJob(JOB);
    // jsdom lays nothing out: in view means the panel is fixed to the viewport, not placed after the list.
    expect(section.classList).toContain('fixed');
    const heading = within(section).getByRole('heading', { name: `Job ${JOB_ID}` });
    expect(document.activeElement).toBe(heading);

    fireEvent.keyDown(heading, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: `Job ${JOB_ID}` })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Show job ${JOB_ID}` }));

    fireEvent.click(screen.getByRole('button', { name: `Show job ${JOB_ID}` }));
    const again = await screen.findByRole('region', { name: `Job ${JOB_ID}` });
    fireEvent.click(within(again).getByRole('button', { name: 'Close job details' }));
    expect(screen.queryByRole('region', { name: `Job ${JOB_ID}` })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Show job ${JOB_ID}` }));
  });

  it("names the job's user in the list and the details, with the id on hover", async () => {
    const section = await openJob({ ...JOB, userName: 'alice', consents: [{ id: 'c1', subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: '2026-11-29T09:30:00.000Z', userId: USER }] });
    const row = screen.getByRole('button', { name: `Show job ${JOB_ID}` }).closest('tr')!;
    const listed = within(row).getByText('alice');
    expect(listed.getAttribute('title')).toBe(USER);
    expect(within(row).queryByText(USER)).toBeNull();

    await within(section).findByText('User', { selector: 'dt' });
    expect(detailOf(section, 'User')).toBe('alice');
    expect(within(section).getAllByText('alice').every((name) => name.getAttribute('title') === USER)).toBe(true);
    expect(within(section).getByRole('listitem').textContent).toBe(`${LIKENESS_CONSENT_TEXT} — given Nov 29, 2026, 9:30 AM UTC by alice`);
  });

  it('shows the id when the account is gone', async () => {
    await openJob(JOB);
    const row = screen.getByRole('button', { name: `Show job ${JOB_ID}` }).closest('tr')!;
    expect(within(row).getByText(USER)).toBeTruthy();
  });
});
