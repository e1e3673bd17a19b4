import { Injectable } from '@nestjs/common';

/** The time, as one injectable, so tests can move the day. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
