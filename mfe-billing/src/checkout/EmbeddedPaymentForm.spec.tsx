import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getToasts } from '@lipcast/web-kit';
import { fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import EmbeddedPaymentForm from './EmbeddedPaymentForm';
import { stripeFor } from './stripe-loader';

const confirmPayment = jest.fn();
const elements = { id: 'elements' };

// Stripe.js cannot load here: the element reports ready when the test says so.
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <>{children}</>,
  PaymentElement: ({ onReady }: { onReady: () => void }) => (
    <button type="button" onClick={onReady}>
      Card element
    </button>
  ),
  useStripe: () => ({ confirmPayment }),
  useElements: () => elements,
}));
jest.mock('./stripe-loader', () => ({ stripeFor: jest.fn(() => new Promise(() => undefined)) }));

function renderForm(onSubmitted = jest.fn(), onCancel = jest.fn()) {
  fakeApi({ 'GET /api/stripe/config': { body: { publishableKey: 'pk_test_1', checkout: 'embedded' } } });
  renderInApp(<EmbeddedPaymentForm clientSecret="pi_1_secret_2" onCancel={onCancel} onSubmitted={onSubmitted} />);
  return { onSubmitted, onCancel };
}

const payNow = () => screen.getByRole('button', { name: /Pay Now|Processing\.\.\./ }) as HTMLButtonElement;

beforeEach(() => confirmPayment.mockReset());

describe('EmbeddedPaymentForm', () => {
  it("loads Stripe with the config's publishable key and keeps Pay Now disabled until the form is ready", async () => {
    renderForm();

    fireEvent.click(await screen.findByRole('button', { name: 'Card element' }));

    expect(stripeFor).toHaveBeenCalledWith('pk_test_1');
    expect(payNow().disabled).toBe(false);
  });

  it('is disabled before the element is ready', async () => {
    renderForm();
    await screen.findByRole('button', { name: 'Card element' });

    expect(payNow().disabled).toBe(true);
  });

  it('confirms with a return to /payment-success, shows "Processing..." meanwhile, and reports a declined card', async () => {
    let answer: (value: unknown) => void = () => undefined;
    confirmPayment.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { onSubmitted } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Card element' }));

    fireEvent.click(payNow());

    expect(payNow().textContent).toBe('Processing...');
    expect(payNow().disabled).toBe(true);
    expect(confirmPayment).toHaveBeenCalledWith({ elements, confirmParams: { return_url: 'http://localhost/payment-success' } });
    await act(async () => answer({ error: { message: 'Your card was declined.' } }));
    expect(getToasts()[0]).toMatchObject({ title: 'Payment Failed', description: 'Your card was declined.' });
    expect(payNow().textContent).toBe('Pay Now');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('reports success as "Payment Submitted"', async () => {
    confirmPayment.mockResolvedValueOnce({ paymentIntent: { status: 'processing' } });
    const { onSubmitted } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Card element' }));

    fireEvent.click(payNow());

    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(getToasts()[0]).toMatchObject({ title: 'Payment Submitted', description: 'Your payment is being processed...' });
  });

  it('reports an exception as "Payment Error"', async () => {
    confirmPayment.mockRejectedValueOnce(new Error('Stripe exploded'));
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Card element' }));

    fireEvent.click(payNow());

    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Payment Error', description: 'Stripe exploded' }));
  });

  it('cancels', async () => {
    const { onCancel } = renderForm();

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(onCancel).toHaveBeenCalled();
  });
});
