import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { getToasts, navigateAway } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { PACK_PLAN, PLANS } from '../testing/fixtures';
import { renderInApp } from '../testing/render';
import AdditionalGenerations from './AdditionalGenerations';
import Subscribe from './Subscribe';

jest.mock('@lipcast/web-kit', () => ({ ...jest.requireActual('@lipcast/web-kit'), navigateAway: jest.fn(() => true) }));
jest.mock('../checkout/EmbeddedPaymentForm', () => ({
  __esModule: true,
  default: ({ clientSecret }: { clientSecret: string }) => <p>Stripe form for {clientSecret}</p>,
}));
const navigateAwayMock = jest.mocked(navigateAway);

beforeEach(() => navigateAwayMock.mockClear());

describe('Subscribe page', () => {
  it('shows "Loading..." and then sends the browser to hosted checkout, calling the server once under StrictMode', async () => {
    const fetchMock = fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { body: { url: 'https://checkout.example/cs_1' } },
    });

    renderInApp(
      <StrictMode>
        <Subscribe />
      </StrictMode>,
    );

    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(navigateAwayMock).toHaveBeenCalledWith('https://checkout.example/cs_1', 'Subscription Setup Failed'));
    expect(callsTo(fetchMock, 'POST /api/stripe/create-subscription')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/stripe/create-subscription')[0].body).toBe('{"priceId":"price_premium","planName":"Premium"}');
  });

  it('shows the embedded form when the server answers with a client secret', async () => {
    fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { body: { clientSecret: 'sub_secret' } },
    });

    renderInApp(<Subscribe />);

    expect(await screen.findByRole('heading', { name: 'Complete Your Purchase' })).toBeTruthy();
    expect(await screen.findByText('Stripe form for sub_secret')).toBeTruthy();
  });

  it('shows "Subscription Setup Failed" with a way home when the server fails', async () => {
    fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { status: 500, statusText: 'Internal Server Error' },
    });

    renderInApp(<Subscribe />);

    expect(await screen.findByRole('heading', { name: 'Subscription Setup Failed' })).toBeTruthy();
    expect(screen.getByText('Could not initialize subscription process. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(navigateAwayMock).not.toHaveBeenCalled();
  });

  it('says "No active subscription plan found" when there is no monthly plan', async () => {
    const fetchMock = fakeApi({ 'GET /api/stripe/plans': { body: [PACK_PLAN] } });

    renderInApp(<Subscribe />);

    expect(await screen.findByRole('heading', { name: 'Subscription Setup Failed' })).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({ title: 'Error', description: 'No active subscription plan found' });
    expect(callsTo(fetchMock, 'POST /api/stripe/create-subscription')).toHaveLength(0);
  });

  it('fails the same way when the plans cannot be loaded', async () => {
    fakeApi({ 'GET /api/stripe/plans': { status: 503, statusText: 'Service Unavailable' } });

    renderInApp(<Subscribe />);

    expect(await screen.findByRole('heading', { name: 'Subscription Setup Failed' })).toBeTruthy();
  });

  it('tells a subscriber that they already have Premium (409)', async () => {
    fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { status: 409, statusText: 'Conflict', body: { message: 'Already subscribed' } },
    });

    renderInApp(<Subscribe />);

    expect(await screen.findByRole('heading', { name: 'You already have Premium' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Your Profile' }).getAttribute('href')).toBe('/profile');
  });
});

describe('Additional generations page', () => {
  it("buys a pack of the plan's generations", async () => {
    const fetchMock = fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/additional-generations': { body: { url: 'https://checkout.example/cs_pack' } },
    });

    renderInApp(<AdditionalGenerations />);

    await waitFor(() => expect(navigateAwayMock).toHaveBeenCalledWith('https://checkout.example/cs_pack', 'Payment Setup Failed'));
    expect(callsTo(fetchMock, 'POST /api/stripe/additional-generations')[0].body).toBe('{"generations":15}');
  });

  it.each([
    ['a non-OK status', { 'POST /api/stripe/additional-generations': { status: 500, statusText: 'Internal Server Error' } }],
    ['no client secret', { 'POST /api/stripe/additional-generations': { body: {} } }],
  ])('shows "Payment Setup Failed" for %s', async (_case, routes) => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS }, ...routes });

    renderInApp(<AdditionalGenerations />);

    expect(await screen.findByRole('heading', { name: 'Payment Setup Failed' })).toBeTruthy();
    expect(screen.getByText('Could not initialize payment process. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });

  it('shows "Payment Setup Failed" when there is no pack on sale', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS.filter((plan) => plan.interval === 'month') } });

    renderInApp(<AdditionalGenerations />);

    expect(await screen.findByRole('heading', { name: 'Payment Setup Failed' })).toBeTruthy();
  });
});
