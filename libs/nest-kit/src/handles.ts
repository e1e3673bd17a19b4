import { MessagePattern } from '@nestjs/microservices';
import type { ReplyOf, RequestOf, Subject } from '@lipcast/contracts';

/**
 * A handler of `S`: it answers the subject's reply, at once or later, and takes its request (Nest's
 * context may follow). Written as a method, so that the payload's type may also be the request's
 * validated form: a DTO with defaults (`page = 1` for an optional `page`) is the request as the
 * handler reads it.
 */
interface HandlerOf<S extends Subject> {
  handle(request: RequestOf<S>, ...context: never[]): ReplyOf<S> | Promise<ReplyOf<S>>;
}

/**
 * `@MessagePattern(subject)` held to the subject's contract (subjects.ts): a handler whose answer is
 * not the subject's reply, or whose payload is unrelated to its request, is a type error.
 */
export const Handles =
  <S extends Subject>(subject: S) =>
  <Handler extends HandlerOf<S>['handle']>(target: object, method: string | symbol, descriptor: TypedPropertyDescriptor<Handler>): void => {
    MessagePattern(subject)(target, method, descriptor);
  };
