import { STORED_ID_MAX } from '@lipcast/contracts';
import { IsInt, Max, Min } from 'class-validator';

/**
 * A serial id in a message: a whole number a PostgreSQL `integer` holds, else `message` (a number
 * beyond that range names no row, and the database refuses to compare a column with it).
 */
export function IsStoredId(message: string): PropertyDecorator {
  return (target, property) => {
    for (const decorate of [IsInt({ message }), Min(-STORED_ID_MAX - 1, { message }), Max(STORED_ID_MAX, { message })]) decorate(target, property);
  };
}
