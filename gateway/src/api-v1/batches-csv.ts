import { BATCH_CSV_COLUMNS, BATCH_MAX_ROWS, type BatchRowInput } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';

/**
 * The records of an RFC 4180 CSV: fields split on commas, records on CRLF or LF; a field in double
 * quotes may hold commas, line breaks and `""` (one quote). A final line break adds no record;
 * blank lines are skipped. A quote left open, or text right after a closing quote, is `VALIDATION`.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte order mark is not part of the first field
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    field = '';
    afterQuote = false;
  };
  for (; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index++;
      } else {
        quoted = false;
        afterQuote = true;
      }
    } else if (char === ',') {
      record.push(field);
      field = '';
      afterQuote = false;
    } else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      if (char === '\r') index++;
      endRecord();
    } else if (char === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw ServiceError.validation(`CSV line ${records.length + 1}: nothing may follow a closing quote but a comma or a line break`);
    } else {
      field += char;
    }
  }
  if (quoted) throw ServiceError.validation('CSV: a quoted field is not closed');
  if (field !== '' || record.length || afterQuote) endRecord();
  return records;
}

/**
 * A batch's rows from its CSV: the header row names the columns (`BATCH_CSV_COLUMNS`, any order,
 * `script` and `voice` required); each later record is one row, its empty cells left out. The
 * numbers stay text: the service reads and checks them as it does a video create's.
 */
export function batchRowsFromCsv(text: string): BatchRowInput[] {
  const [header, ...records] = parseCsv(text);
  if (!header) throw ServiceError.validation('The CSV is empty: it needs a header row and at least one row');
  const columns = header.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !(BATCH_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length) throw ServiceError.validation(`Unknown CSV column(s): ${unknown.join(', ')}; the columns are ${BATCH_CSV_COLUMNS.join(', ')}`);
  if (new Set(columns).size !== columns.length) throw ServiceError.validation('A CSV column is named twice');
  for (const required of ['script', 'voice']) if (!columns.includes(required)) throw ServiceError.validation(`The CSV needs a ${required} column`);
  if (!records.length) throw ServiceError.validation('The CSV has no rows below its header');
  if (records.length > BATCH_MAX_ROWS) throw ServiceError.validation(`A batch takes at most ${BATCH_MAX_ROWS} rows; this CSV has ${records.length}`);
  return records.map((record, index) => {
    if (record.length !== columns.length) throw ServiceError.validation(`CSV row ${index + 1} has ${record.length} fields; the header has ${columns.length}`);
    const row: Record<string, string> = {};
    columns.forEach((name, column) => {
      if (record[column] !== '') row[name] = record[column];
    });
    return row as BatchRowInput;
  });
}
