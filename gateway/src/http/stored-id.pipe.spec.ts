import { ErrorCode, STORED_ID_MAX } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { StoredIdPipe } from './stored-id.pipe';

describe(StoredIdPipe.name, () => {
  const sut = new StoredIdPipe('No such project');

  it('reads a whole number an integer column can hold', () => {
    expect(sut.transform('42')).toBe(42);
    expect(sut.transform('-7')).toBe(-7);
    expect(sut.transform(String(STORED_ID_MAX))).toBe(STORED_ID_MAX);
  });

  it.each(['', 'abc', '1.5', '1e3', ' 1', String(STORED_ID_MAX + 1), '-2147483649', '99999999999'])('answers "%s" with not found', (value) => {
    let thrown: unknown;
    try {
      sut.transform(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect(thrown).toMatchObject({ code: ErrorCode.NotFound, message: 'No such project' });
  });
});
