import { confirmationToast, paymentExceptionToast, paymentReturnUrl } from './payment-result';

describe(confirmationToast.name, () => {
  it('reports a provider error as "Payment Failed" with its message', () => {
    expect(confirmationToast({ error: { message: 'Your card was declined.' } })).toEqual({
      title: 'Payment Failed',
      description: 'Your card was declined.',
      variant: 'destructive',
    });
  });

  it('reports success as "Payment Submitted"', () => {
    expect(confirmationToast({})).toMatchObject({ title: 'Payment Submitted', description: 'Your payment is being processed...' });
  });
});

describe(paymentExceptionToast.name, () => {
  it('reports an exception as "Payment Error" with its message, or a generic one', () => {
    expect(paymentExceptionToast(new Error('Network down'))).toMatchObject({ title: 'Payment Error', description: 'Network down' });
    expect(paymentExceptionToast('weird')).toMatchObject({ title: 'Payment Error', description: 'An unexpected error occurred.' });
  });
});

describe(paymentReturnUrl.name, () => {
  it('returns to /payment-success on this site', () => {
    expect(paymentReturnUrl('https://lipcast.example')).toBe('https://lipcast.example/payment-success');
    expect(paymentReturnUrl()).toBe('http://localhost/payment-success');
  });
});
