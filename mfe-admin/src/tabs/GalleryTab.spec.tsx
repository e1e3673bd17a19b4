import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminGalleryReport } from '@lipcast/contracts';
import { createQueryClient } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { GalleryTab } from './GalleryTab';

const REPORTS = 'GET /api/admin/gallery/reports';

const IN_REVIEW: AdminGalleryReport = {
  influencerId: '12',
  name: 'Baker Bea',
  ownerId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  videoUrl: '/api/media/users/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/influencers/12/video.mp4',
  reports: 4,
  weightedReports: 3.33,
  lastReason: 'likeness',
  lastReportedAt: '2026-11-28T10:00:00.000Z',
  published: true,
  state: 'in_review',
  stateReason: 'Several people reported it.',
  appeal: 'This is my own face.',
  appealedAt: '2026-11-28T11:00:00.000Z',
};

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GalleryTab />
    </QueryClientProvider>,
  );
}

describe('GalleryTab', () => {
  it("shows an item's state, weighted reports and appeal; a decision needs a reason, which it sends", async () => {
    const fetchMock = fakeApi({ [REPORTS]: { body: [IN_REVIEW] }, 'POST /api/admin/gallery/12/decision': { body: { influencerId: '12', state: 'visible' } } });
    renderTab();

    const table = await screen.findByRole('table', { name: 'Reported community influencers, in review first' });
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('in review');
    expect(row.textContent).toContain('weighing 3.33 since the last decision');
    expect(row.textContent).toContain('This is my own face.');

    // No reason: the dialog does not open and the field says why.
    fireEvent.click(within(row).getByRole('button', { name: 'Restore Baker Bea' }));
    expect(within(row).getByRole('alert').textContent).toBe('reason is required (3 characters or more)');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(within(row).getByLabelText('Reason for Baker Bea'), { target: { value: ' Her own face, confirmed by ID ' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Restore Baker Bea' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/gallery/12/decision')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/gallery/12/decision')[0].body))).toEqual({ decision: 'restore', reason: 'Her own face, confirmed by ID' });
  });
});
