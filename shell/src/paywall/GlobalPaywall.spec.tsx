import { useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { registerPaymentHandler, requestPayment, type PaymentRequest } from '@lipcast/web-kit';
import { loadRemotePage } from '../remotes';
import { GlobalPaywall } from './GlobalPaywall';

jest.mock('../remotes', () => ({ loadRemotePage: jest.fn() }));
const loadRemotePageMock = jest.mocked(loadRemotePage);

/** Stands in for billing's paywall: registers itself as the payment handler and shows what it was asked. */
function FakePaywall() {
  const [asked, setAsked] = useState<PaymentRequest | null>(null);
  useEffect(() => registerPaymentHandler(setAsked), []);
  return <p>{asked ? `paywall for a limit of ${asked.limit}` : 'paywall ready'}</p>;
}

function BrokenPaywall(): never {
  throw new Error('paywall crashed');
}

const FREE_LIMIT: PaymentRequest = { limit: 3, requiresAdditionalOnly: false };

describe(GlobalPaywall.name, () => {
  beforeEach(() => {
    loadRemotePageMock.mockReset();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot navigate
  });
  afterEach(() => jest.restoreAllMocks());

  it("loads nothing until a payment is asked for, then billing's paywall, in its style scope, with the request", async () => {
    let resolve: (module: { default: typeof FakePaywall }) => void = () => undefined;
    loadRemotePageMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));

    const { container, unmount } = render(<GlobalPaywall />);
    expect(loadRemotePageMock).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe('');

    act(() => requestPayment(FREE_LIMIT));
    expect(loadRemotePageMock).toHaveBeenCalledWith('mfe_billing', './Paywall', false);
    await act(async () => resolve({ default: FakePaywall }));
    const sut = screen.getByText('paywall for a limit of 3');
    expect(sut.closest('[data-remote="mfe_billing"]')).not.toBeNull();
    unmount();
  });

  it('sends the user to the purchase page when the remote cannot be loaded', async () => {
    loadRemotePageMock.mockRejectedValueOnce(new Error('ScriptNetworkError'));

    const { container, unmount } = render(<GlobalPaywall />);
    await act(async () => requestPayment(FREE_LIMIT));

    expect(container.innerHTML).toBe('');
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), expect.any(Error));
    expect(console.warn).toHaveBeenCalledWith('No payment handler registered; sending the user to /subscribe');
    unmount();
  });

  it('sends the user to the purchase page when the paywall itself fails', async () => {
    loadRemotePageMock.mockResolvedValueOnce({ default: BrokenPaywall });

    const { container, unmount } = render(<GlobalPaywall />);
    await act(async () => requestPayment({ limit: 60, requiresAdditionalOnly: true }));

    expect(container.innerHTML).toBe('');
    expect(console.warn).toHaveBeenCalledWith('The paywall failed:', expect.any(Error));
    expect(console.warn).toHaveBeenCalledWith('No payment handler registered; sending the user to /additional-generations');
    unmount();
  });
});
