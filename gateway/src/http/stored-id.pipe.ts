import { Injectable, type PipeTransform } from '@nestjs/common';
import { STORED_ID_MAX } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';

/**
 * A numeric id in a path: a whole number a PostgreSQL `integer` can hold, else 404 with `notFound`
 * (a number outside that range names no row, and the database would refuse to compare with it).
 */
@Injectable()
export class StoredIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFound: string) {}

  transform(value: string): number {
    const id = /^-?\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (!(Math.abs(id) <= STORED_ID_MAX)) throw ServiceError.notFound(this.notFound);
    return id;
  }
}
