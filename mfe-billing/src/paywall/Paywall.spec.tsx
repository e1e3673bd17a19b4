import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getToasts, navigateAway, requestPayment } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { PLANS } from '../testing/fixtures';
import { renderInApp } from '../testing/render';
import PaywallHost, { usePaywall } from './PaywallHost';

jest.mock('@lipcast/web-kit', () => ({ ...jest.requireActual('@lipcast/web-kit'), navigateAway: jest.fn(() => true) }));
jest.mock('../checkout/EmbeddedPaymentForm', () => ({
  __esModule: true,
  default: ({ clientSecret }: { clientSecret: string }) => <p>Stripe form for {clientSecret}</p>,
}));
const navigateAwayMock = jest.mocked(navigateAway);

/** Plans that answer only when the test says so, to see the loading state. */
function slowPlans() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return { route: async () => (await answered, { body: PLANS }), answer };
}

function openPaywall(limit: number, requiresAdditionalOnly = false) {
  act(() => requestPayment({ limit, requiresAdditionalOnly }));
  return screen.getByRole('dialog');
}

beforeEach(() => navigateAwayMock.mockClear());

describe('PaywallHost', () => {
  it('renders nothing until a payment is requested', () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });

    renderInApp(<PaywallHost />);

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens through requestPayment with the limit and offers what the upgrade panel offers: the monthly plan, preselected, and the pack', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<PaywallHost />);

    const dialog = openPaywall(3);

    expect(within(dialog).getByRole('heading', { name: "You've reached your free limit" })).toBeTruthy();
    expect(within(dialog).getByText(/all 3 free generations/)).toBeTruthy();
    const plan = await within(dialog).findByRole('radio', { name: /Premium/ });
    expect((plan as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    expect(within(dialog).getByText('Best Value')).toBeTruthy();
    expect(within(dialog).getByText('/ month')).toBeTruthy();
    expect(within(dialog).getByText('60 generations monthly')).toBeTruthy();
    expect(within(dialog).getByText('Full access to all features')).toBeTruthy();
    const pack = within(dialog).getByRole('radio', { name: /Extra Generations/ }) as HTMLInputElement;
    expect(pack.checked).toBe(false);
    expect(within(dialog).getByText('one-time payment')).toBeTruthy();
    expect(within(dialog).getByText('15 additional generations')).toBeTruthy();
  });

  it('buys the pack when a free user chooses it instead of the plan', async () => {
    const fetchMock = fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/additional-generations': { body: { url: 'https://checkout.example/cs_pack' } },
    });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);

    fireEvent.click(await within(dialog).findByRole('radio', { name: /Extra Generations/ }));
    expect((within(dialog).getByRole('radio', { name: /Premium/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(navigateAwayMock).toHaveBeenCalledWith('https://checkout.example/cs_pack', 'Payment Error'));
    expect(callsTo(fetchMock, 'POST /api/stripe/additional-generations')[0].body).toBe('{"generations":15}');
    expect(callsTo(fetchMock, 'POST /api/stripe/create-subscription')).toHaveLength(0);
  });

  it('keeps "Continue to Payment" disabled until a plan is there to select', async () => {
    const plans = slowPlans();
    fakeApi({ 'GET /api/stripe/plans': plans.route });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);

    expect(within(dialog).getByText('Loading payment options...')).toBeTruthy();
    const sut = within(dialog).getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement;
    expect(sut.disabled).toBe(true);

    await act(async () => plans.answer());

    await waitFor(() => expect(sut.disabled).toBe(false));
  });

  it('stays disabled when no plan is on offer', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: [] } });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);

    expect(await within(dialog).findByText('No plans are available right now. Please try again later.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('subscribes and sends the browser to hosted checkout when the server answers with a url', async () => {
    const fetchMock = fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { body: { url: 'https://checkout.example/cs_1' } },
    });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);
    await within(dialog).findByRole('radio', { name: /Premium/ });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(navigateAwayMock).toHaveBeenCalledWith('https://checkout.example/cs_1', 'Payment Error'));
    expect(callsTo(fetchMock, 'POST /api/stripe/create-subscription')[0].body).toBe('{"priceId":"price_premium","planName":"Premium"}');
    // Busy while the browser leaves for Stripe.
    expect((within(dialog).getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows "Complete Your Purchase" with the card form when the server answers with a client secret', async () => {
    fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { body: { clientSecret: 'pi_1_secret_2' } },
    });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);
    await within(dialog).findByRole('radio', { name: /Premium/ });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Complete Your Purchase' })).toBeTruthy();
    expect(await screen.findByText('Stripe form for pi_1_secret_2')).toBeTruthy();
    expect(navigateAwayMock).not.toHaveBeenCalled();
  });

  it('offers a subscriber whose monthly generations are used only the pack, bought with its size', async () => {
    const fetchMock = fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/additional-generations': { body: { url: 'https://checkout.example/cs_pack' } },
    });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(60, true);

    expect(within(dialog).getByRole('heading', { name: "You've used this month's generations" })).toBeTruthy();
    expect(within(dialog).getByText(/all 60 generations of your plan this month/)).toBeTruthy();
    const pack = await within(dialog).findByRole('radio', { name: /Extra Generations/ });
    expect((pack as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(within(dialog).getByText('one-time payment')).toBeTruthy();
    expect(within(dialog).getByText('15 additional generations')).toBeTruthy();
    expect(within(dialog).getByText('No subscription required')).toBeTruthy();
    expect(within(dialog).queryByText('Best Value')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(navigateAwayMock).toHaveBeenCalledWith('https://checkout.example/cs_pack', 'Payment Error'));
    expect(callsTo(fetchMock, 'POST /api/stripe/additional-generations')[0].body).toBe('{"generations":15}');
    expect(callsTo(fetchMock, 'POST /api/stripe/create-subscription')).toHaveLength(0);
  });

  it('tells the user when the payment could not be prepared', async () => {
    fakeApi({
      'GET /api/stripe/plans': { body: PLANS },
      'POST /api/stripe/create-subscription': { status: 500, statusText: 'Internal Server Error' },
    });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);
    await within(dialog).findByRole('radio', { name: /Premium/ });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Subscription Setup Failed',
        description: 'Could not initialize subscription process. Please try again later.',
      }),
    );
    expect((within(dialog).getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes with its close button', async () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(<PaywallHost />);
    const dialog = openPaywall(3);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stops handling payment requests once unmounted', () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    const handler = jest.fn();
    const { registerPaymentHandler } = jest.requireActual<typeof import('@lipcast/web-kit')>('@lipcast/web-kit');
    const unregisterFallback = registerPaymentHandler(handler);
    const { unmount } = render(<PaywallHost />);

    unmount();
    requestPayment({ limit: 3, requiresAdditionalOnly: false });
    unregisterFallback();

    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe(usePaywall.name, () => {
  function OpenButton() {
    const { openPaywall } = usePaywall();
    return <button onClick={() => openPaywall({ limit: 5 })}>Upgrade</button>;
  }

  it('opens the paywall from inside the remote', () => {
    fakeApi({ 'GET /api/stripe/plans': { body: PLANS } });
    renderInApp(
      <PaywallHost>
        <OpenButton />
      </PaywallHost>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));

    expect(within(screen.getByRole('dialog')).getByText(/all 5 free generations/)).toBeTruthy();
  });

  it('throws outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(() => render(<OpenButton />)).toThrow('usePaywall must be used within a PaywallProvider');
    jest.restoreAllMocks();
  });
});
