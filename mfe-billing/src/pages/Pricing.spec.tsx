import { fireEvent, screen, within } from '@testing-library/react';
import { navigateAway } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { FREE_USER, PLANS } from '../testing/fixtures';
import { renderInApp } from '../testing/render';
import Pricing from './Pricing';

jest.mock('@lipcast/web-kit', () => ({ ...jest.requireActual('@lipcast/web-kit'), navigateAway: jest.fn(() => true) }));
const navigateAwayMock = jest.mocked(navigateAway);

beforeEach(() => navigateAwayMock.mockClear());

describe('Pricing page', () => {
  it('puts a Free column beside Premium and the extra pack', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<Pricing />, { user: null });

    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toBeTruthy();
    expect(screen.getByText('3 generations')).toBeTruthy();
    expect(screen.getByText('No card required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start for Free' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe('/additional-generations');
    expect(screen.getByText('60 generations monthly')).toBeTruthy();
    expect(screen.getByText('15 additional generations')).toBeTruthy();
  });

  it('sends a visitor who starts for free to sign in, back to the wizard', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<Pricing />, { user: null });

    fireEvent.click(await screen.findByRole('button', { name: 'Start for Free' }));

    expect(navigateAwayMock).toHaveBeenCalledWith('/api/login?returnTo=%2F', 'Login failed');
  });

  it('tells a signed-in free user which plan is theirs and leads to the wizard', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<Pricing />, { user: FREE_USER });

    expect(await screen.findByText('Your plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a Video' }).getAttribute('href')).toBe('/');
  });

  it('compares the features in a table with a header per plan and a header per feature', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<Pricing />, { user: null });

    await screen.findByRole('link', { name: 'Subscribe Now' }); // the plans are in
    const table = screen.getByRole('table', { name: 'Features of Free, Premium and the extra pack' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Feature', 'Free', 'Premium', 'Extra Generations']);
    const generations = within(table).getByRole('row', { name: /^Generations/ });
    expect(within(generations).getByRole('rowheader').textContent).toBe('Generations');
    expect(within(generations).getAllByRole('cell')[0].textContent).toBe('3 in total');
    expect(within(generations).getAllByRole('cell')[1].textContent).toBe('60 every month');
    expect(within(table).getByRole('row', { name: /^One Shot Influencer Video/ })).toBeTruthy();
  });

  it('says on phones that the comparison scrolls sideways, in a labelled region keyboard users can focus', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<Pricing />, { user: null });

    await screen.findByRole('link', { name: 'Subscribe Now' });
    const region = screen.getByRole('region', { name: 'Plan comparison' });
    expect(within(region).getByRole('table', { name: 'Features of Free, Premium and the extra pack' })).toBeTruthy();
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);

    // jsdom applies no Tailwind: the hint shows below 640 px (no `hidden` without a prefix) and hides from `sm` up.
    const hint = screen.getByText('Swipe sideways to see every plan');
    expect(hint.classList).not.toContain('hidden');
    expect(hint.classList).toContain('sm:hidden');
    expect(hint.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy(); // read before the table
  });
});
