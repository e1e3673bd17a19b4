import { createHmac, randomBytes } from 'node:crypto';
import type Replicate from 'replicate';
import { InvalidWebhookError } from '../../ports/predictions.port';
import { ReplicatePredictions, WEBHOOK_SECRET_REFRESH_MS } from './replicate-predictions';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A delivery as Replicate signs it, with `secret`, sent at `now`. */
function delivery(secret: string, now: number, body = JSON.stringify({ id: 'p1', status: 'succeeded' })) {
  const id = `msg_${randomBytes(6).toString('hex')}`;
  const timestamp = String(Math.floor(now / 1000));
  const signature = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { body, id, timestamp, signature: `v1,${signature}` };
}

/** A forged delivery: a current timestamp, a junk signature. */
const forged = (now: number) => ({ ...delivery(newSecret(), now), signature: `v1,${randomBytes(32).toString('base64')}` });

describe(ReplicatePredictions.name, () => {
  let now: number;
  let accountSecret: string;
  let fetches: number;
  let replicateDown: boolean;
  let sut: ReplicatePredictions;

  beforeEach(() => {
    now = 1_800_000_000_000;
    accountSecret = newSecret();
    fetches = 0;
    replicateDown = false;
    // Replicate's API as far as the webhook check uses it: GET /v1/webhooks/default/secret, counted.
    const client = {
      webhooks: {
        default: {
          secret: {
            get: async () => {
              fetches += 1;
              if (replicateDown) throw new Error('Replicate answered 503');
              return { key: accountSecret };
            },
          },
        },
      },
    } as unknown as Replicate;
    sut = new ReplicatePredictions(client, 'https://lipcast.example/api/replicate/webhook', () => now);
  });

  it('accepts a genuine delivery, reading the signing secret once', async () => {
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).resolves.toMatchObject({ id: 'p1', status: 'succeeded' });
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).resolves.toMatchObject({ id: 'p1' });
    expect(fetches).toBe(1);
  });

  it('reads the secret from Replicate at most once however many forged deliveries arrive', async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      now += 1000; // within the refresh interval all along
      await expect(sut.verifyWebhook(forged(now))).rejects.toBeInstanceOf(InvalidWebhookError);
    }
    expect(fetches).toBe(1);
    // Forged deliveries arriving together share the one read, too.
    await Promise.all(Array.from({ length: 20 }, () => expect(sut.verifyWebhook(forged(now))).rejects.toBeInstanceOf(InvalidWebhookError)));
    expect(fetches).toBe(1);
    // And the genuine ones still pass.
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).resolves.toMatchObject({ id: 'p1' });
    expect(fetches).toBe(1);
  });

  it('picks up a rotated secret once the refresh interval has passed since the last read, however many bad signatures came before', async () => {
    await sut.verifyWebhook(delivery(accountSecret, now));
    accountSecret = newSecret(); // rotated at Replicate
    for (let attempt = 0; attempt < 10; attempt++) await expect(sut.verifyWebhook(forged(now))).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).rejects.toBeInstanceOf(InvalidWebhookError);
    expect(fetches).toBe(1);

    now += WEBHOOK_SECRET_REFRESH_MS;
    // The first delivery after the interval that does not match reads the secret again and is checked against it.
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).resolves.toMatchObject({ id: 'p1' });
    expect(fetches).toBe(2);
    await expect(sut.verifyWebhook(forged(now))).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).resolves.toMatchObject({ id: 'p1' });
    expect(fetches).toBe(2);
  });

  it('keeps the secret it has when a refresh fails, and waits the interval before the next', async () => {
    await sut.verifyWebhook(delivery(accountSecret, now));
    now += WEBHOOK_SECRET_REFRESH_MS;
    replicateDown = true;
    await expect(sut.verifyWebhook(forged(now))).rejects.toBeInstanceOf(InvalidWebhookError);
    for (let attempt = 0; attempt < 10; attempt++) await expect(sut.verifyWebhook(forged(now))).rejects.toBeInstanceOf(InvalidWebhookError);
    await expect(sut.verifyWebhook(delivery(accountSecret, now))).resolves.toMatchObject({ id: 'p1' });
    expect(fetches).toBe(2);
  });

  it('reads nothing for a delivery outside the time window', async () => {
    await expect(sut.verifyWebhook(forged(now - 3_600_000))).rejects.toThrow('outside the tolerance');
    expect(fetches).toBe(0);
  });
});
