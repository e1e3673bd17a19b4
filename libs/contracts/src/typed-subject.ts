/**
 * A NATS subject that carries its contract in its type: at run time a plain string, for the type
 * checker the subject's name with what travels on it. `ServiceClient.send`, `publish`, `subscribe`
 * and the services' `@Handles` read the request, reply or payload from the subject they are given,
 * so a caller writes no type of its own and cannot name the wrong one (subjects.ts declares them).
 */
declare const requestReply: unique symbol;
declare const eventPayload: unique symbol;

/** A request/reply subject: `Name` at run time. */
export type Subject<Name extends string = string, Request = unknown, Reply = unknown> = Name & {
  readonly [requestReply]: { request: Request; reply: Reply };
};

/** An event subject (publish/subscribe, no reply): `Name` at run time. */
export type EventSubject<Name extends string = string, Payload = unknown> = Name & { readonly [eventPayload]: Payload };

export type RequestOf<S extends Subject> = S[typeof requestReply]['request'];
export type ReplyOf<S extends Subject> = S[typeof requestReply]['reply'];
export type PayloadOf<E extends EventSubject> = E[typeof eventPayload];

/** `subject<Request, Reply>()('<service>.<thing>.<verb>.v1')` (curried so that the name's literal type is inferred). */
export const subject =
  <Request, Reply>() =>
  <const Name extends string>(name: Name) =>
    name as Subject<Name, Request, Reply>;

/** `event<Payload>()('<service>.<thing>.<past tense>.v1')`. */
export const event =
  <Payload>() =>
  <const Name extends string>(name: Name) =>
    name as EventSubject<Name, Payload>;

/** One member of an event family, `<event>.<key>` (one subject per job), with the family's payload. */
export const eventFor = <E extends EventSubject>(family: E, key: string) => `${family}.${key}` as EventSubject<`${E}.${string}`, PayloadOf<E>>;
