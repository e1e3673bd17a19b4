import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getToasts } from '@lipcast/web-kit';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
import { NewsletterForm } from './NewsletterForm';

const SUBSCRIBE_ROUTE = 'POST /api/newsletter';

function subscribeWith(email: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe(NewsletterForm.name, () => {
  it('subscribes the address, shows "Subscribing..." meanwhile, then thanks the reader', async () => {
    let answer!: (reply: { body: unknown }) => void;
    const fetchMock = fakeApi({ [SUBSCRIBE_ROUTE]: () => new Promise((resolve) => (answer = resolve)) });
    renderInApp(<NewsletterForm />);

    subscribeWith(' reader@example.com ');

    const busy = await screen.findByRole('button', { name: 'Subscribing...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const [call] = callsTo(fetchMock, SUBSCRIBE_ROUTE);
    expect(JSON.parse(String(call.body))).toEqual({ email: 'reader@example.com' });

    answer({ body: { subscribed: true } });

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Almost there', description: 'Check your inbox: we sent a confirmation link to reader@example.com.', variant: 'success' }),
    );
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message when the subscription fails", async () => {
    fakeApi({ [SUBSCRIBE_ROUTE]: { status: 400, statusText: 'Bad Request', body: { message: 'Please enter a valid e-mail address' } } });
    renderInApp(<NewsletterForm />);

    subscribeWith('nobody@example');

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Subscription failed', description: 'Please enter a valid e-mail address', variant: 'destructive' }),
    );
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('nobody@example');
  });
});
