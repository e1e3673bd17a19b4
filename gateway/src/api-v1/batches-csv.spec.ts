import { BATCH_CSV_EXAMPLE_ROW, batchCsvTemplate, ErrorCode } from '@lipcast/contracts';
import { batchRowsFromCsv, parseCsv } from './batches-csv';

const refusedWith = (message: string | RegExp) => expect.objectContaining({ payload: expect.objectContaining({ code: ErrorCode.Validation, message: expect.stringMatching(message) }) });

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF or LF records', () => {
    const text = 'a,b,c\r\n"one, two","say ""hi""","line 1\r\nline 2"\n,"",x\r\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['one, two', 'say "hi"', 'line 1\r\nline 2'],
      ['', '', 'x'],
    ]);
  });

  it('skips blank lines and a byte order mark, and keeps a last record without a line break', () => {
    expect(parseCsv('\ufeffa,b\n\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a quote left open and text after a closing quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(refusedWith('not closed'));
    expect(() => parseCsv('a\n"x"y')).toThrow(refusedWith('nothing may follow a closing quote'));
  });
});

describe('batchRowsFromCsv', () => {
  it('makes one row per record, named by the header (any order, any case), empty cells left out', () => {
    const rows = batchRowsFromCsv('Script,voice,actor,speed,influencer\n"Hi, there",Wise_Woman,ipfs-puppet-video,1.5,\n"Two\nlines",Calm_Woman,,,42\n');
    expect(rows).toEqual([
      { script: 'Hi, there', voice: 'Wise_Woman', actor: 'ipfs-puppet-video', speed: '1.5' },
      { script: 'Two\nlines', voice: 'Calm_Woman', influencer: '42' },
    ]);
  });

  it('refuses more than 100 rows, unknown columns, a missing script column and a short record', () => {
    const many = `script,voice\n${'Hello,Wise_Woman\n'.repeat(101)}`;
    expect(() => batchRowsFromCsv(many)).toThrow(refusedWith('at most 100 rows; this CSV has 101'));
    expect(batchRowsFromCsv(`script,voice\n${'Hello,Wise_Woman\n'.repeat(100)}`)).toHaveLength(100);
    expect(() => batchRowsFromCsv('script,voice,colour\nHi,Wise_Woman,red')).toThrow(refusedWith('Unknown CSV column\\(s\\): colour'));
    expect(() => batchRowsFromCsv('voice\nWise_Woman')).toThrow(refusedWith('needs a script column'));
    expect(() => batchRowsFromCsv('script,voice\nHi')).toThrow(refusedWith('CSV row 1 has 1 fields; the header has 2'));
    expect(() => batchRowsFromCsv('')).toThrow(refusedWith('empty'));
    expect(() => batchRowsFromCsv('script,voice\n')).toThrow(refusedWith('no rows'));
  });
});

describe("the batch page's CSV template (issue 37)", () => {
  it('is read by the parser as its one example row, every column as the template gives it', () => {
    const { influencer: _none, ...given } = BATCH_CSV_EXAMPLE_ROW;
    expect(batchRowsFromCsv(batchCsvTemplate())).toEqual([given]);
  });
});
