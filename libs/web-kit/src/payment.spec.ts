import { browser } from './browser';
import { registerPaymentHandler, requestPayment } from './payment';

afterEach(() => jest.restoreAllMocks());

describe(requestPayment.name, () => {
  it('calls the registered handler with the request', () => {
    const handler = jest.fn();
    const unregister = registerPaymentHandler(handler);

    requestPayment({ limit: 3, requiresAdditionalOnly: false });
    unregister();

    expect(handler).toHaveBeenCalledWith({ limit: 3, requiresAdditionalOnly: false });
  });

  it('uses the most recently registered handler and falls back to the previous one when it unregisters', () => {
    const paywall = jest.fn();
    const creatorFlow = jest.fn();
    const unregisterPaywall = registerPaymentHandler(paywall);
    const unregisterCreator = registerPaymentHandler(creatorFlow);

    requestPayment({ limit: 5, requiresAdditionalOnly: false });
    unregisterCreator();
    requestPayment({ limit: 3, requiresAdditionalOnly: false });
    unregisterPaywall();

    expect(creatorFlow).toHaveBeenCalledTimes(1);
    expect(creatorFlow).toHaveBeenCalledWith({ limit: 5, requiresAdditionalOnly: false });
    expect(paywall).toHaveBeenCalledTimes(1);
    expect(paywall).toHaveBeenCalledWith({ limit: 3, requiresAdditionalOnly: false });
  });

  it('unregistering twice removes nothing else', () => {
    const first = jest.fn();
    const second = jest.fn();
    const unregisterFirst = registerPaymentHandler(first);
    const unregisterSecond = registerPaymentHandler(second);

    unregisterSecond();
    unregisterSecond();
    requestPayment({ limit: 3, requiresAdditionalOnly: false });
    unregisterFirst();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('without a handler logs and sends the user to /subscribe', () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    requestPayment({ limit: 3, requiresAdditionalOnly: false });

    expect(assign).toHaveBeenCalledWith('/subscribe');
    expect(warn).toHaveBeenCalledWith('No payment handler registered; sending the user to /subscribe');
  });

  it('without a handler sends a subscriber who needs an extra pack to /additional-generations', () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    requestPayment({ limit: 60, requiresAdditionalOnly: true });

    expect(assign).toHaveBeenCalledWith('/additional-generations');
  });
});
