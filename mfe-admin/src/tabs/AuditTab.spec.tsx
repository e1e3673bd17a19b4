import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@lipcast/contracts';
import { createQueryClient } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { AuditTab } from './AuditTab';

const ALICE = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const JOB_ID = '0b7e9a52-3c1d-4e8f-9a6b-2d4c6e8f0a1b';

const ENTRIES: AdminAuditEntry[] = [
  {
    id: '2',
    at: '2026-11-29T10:05:00.000Z',
    operatorId: 'op',
    operatorName: 'grace',
    action: 'credits.adjust',
    target: ALICE,
    targetName: 'alice',
    detail: { delta: 1, reason: 'Refund of a failed lip-sync', jobId: JOB_ID, extraGenerations: 1 },
  },
  { id: '1', at: '2026-11-29T10:00:00.000Z', operatorId: 'op', operatorName: 'grace', action: 'job.cancel', target: JOB_ID, detail: { status: 'canceled' } },
];

function renderAudit(entries: AdminAuditEntry[]) {
  fakeApi({ 'GET /api/admin/audit': { body: entries } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditTab />
    </QueryClientProvider>,
  );
}

describe('AuditTab (issue 37)', () => {
  it('reads each entry as a sentence and key: value lines, naming the user with the id on hover', async () => {
    renderAudit(ENTRIES);
    const table = await screen.findByRole('table', { name: 'Operator actions, newest first' });
    const [, credits, cancel] = within(table).getAllByRole('row');

    const target = within(credits).getByText('alice');
    expect(target.getAttribute('title')).toBe(ALICE);
    expect(within(credits).queryByText(ALICE)).toBeNull();
    expect(within(credits).getByText('Gave alice 1 extra generation')).toBeTruthy();
    expect(within(credits).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Change: +1',
      'Reason: Refund of a failed lip-sync',
      `Job: ${JOB_ID}`,
      'Extra generations now: 1',
    ]);

    expect(within(cancel).getByText('Cancelled job 0b7e9a52')).toBeTruthy();
    expect(within(cancel).getByText('Status: canceled')).toBeTruthy();
    expect(within(cancel).getByText(JOB_ID)).toBeTruthy(); // a job target stays an id
  });

  it('keeps the raw JSON behind a disclosure', async () => {
    renderAudit(ENTRIES);
    const table = await screen.findByRole('table', { name: 'Operator actions, newest first' });
    const credits = within(table).getAllByRole('row')[1];
    const summary = within(credits).getByText('Raw JSON');
    const disclosure = summary.closest('details')!;
    expect(disclosure.open).toBe(false);
    fireEvent.click(summary);
    expect(disclosure.open).toBe(true);
    expect(JSON.parse(disclosure.querySelector('pre')!.textContent!)).toEqual(ENTRIES[0].detail);
  });

  it('says a credit taken back in words, and shows the id of a user with no name', async () => {
    renderAudit([{ ...ENTRIES[0], targetName: undefined, detail: { delta: -2, reason: 'Duplicate refund' } }]);
    const table = await screen.findByRole('table', { name: 'Operator actions, newest first' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText(`Took 2 extra generations back from ${ALICE}`)).toBeTruthy();
    expect(within(row).getByText('Change: -2')).toBeTruthy();
  });
});
