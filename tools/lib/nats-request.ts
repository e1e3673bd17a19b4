import type { NatsConnection } from '@nats-io/transport-node';
import type { ReplyOf, RequestOf, Subject } from '@lipcast/contracts';

/** A request to a service in Nest's NATS packet (what nest-kit's ServiceClient sends; tools do not import service libraries). */
export async function natsRequest<S extends Subject>(nats: NatsConnection, subject: S, data: RequestOf<S>, timeoutMs = 120_000): Promise<ReplyOf<S>> {
  const reply = await nats.request(subject, JSON.stringify({ pattern: subject, data, id: crypto.randomUUID() }), { timeout: timeoutMs });
  const { response, err } = reply.json<{ response?: ReplyOf<S>; err?: { message?: string } }>();
  if (err) throw new Error(`${subject}: ${err.message ?? JSON.stringify(err)}`);
  return response as ReplyOf<S>;
}
