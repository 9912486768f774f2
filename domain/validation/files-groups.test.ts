import * as v from 'valibot';
import { MEGABYTE, allowedFileTypes, fileExtension, formatFileSize, maxFileSize } from './files';
import { groupComplete, groupNotEmpty, isEmptyGroup, isIncompleteGroup } from './groups';
import { GROUP_EMPTY, GROUP_INCOMPLETE, fileTooLargeMessage, fileTypeMessage } from './messages';
import { firstMessage } from '../../test/validation-messages';

const fileSchema = v.custom<{ name: string; size: number } | null>(() => true);

describe('file size', () => {
  const schema = v.pipe(fileSchema, maxFileSize(20 * MEGABYTE));
  it.each([
    [{ name: 'a.pdf', size: 20 * MEGABYTE }, null],
    [{ name: 'a.pdf', size: 20 * MEGABYTE + 1 }, 'The selected file must be smaller than 20MB'],
    [{ name: 'a.pdf', size: 0 }, null],
    [null, null],
  ])('%p -> %p', (input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it.each([
    [20 * MEGABYTE, '20MB'],
    [512 * 1024, '512KB'],
    [1.5 * MEGABYTE, '1.5MB'],
    [100, '100 bytes'],
  ])('formatFileSize(%p) = %p', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
    expect(fileTooLargeMessage(text)).toBe(`The selected file must be smaller than ${text}`);
  });
});

describe('file extension (after the last dot, case-insensitive)', () => {
  const schema = v.pipe(fileSchema, allowedFileTypes(['pdf', '.xlsx', 'CSV']));
  it.each([
    ['report.pdf', null],
    ['REPORT.PDF', null],
    ['data.tar.xlsx', null],
    ['list.Csv', null],
    ['report.pdf.exe', 'The selected file must be a PDF, XLSX or CSV'],
    ['pdf', 'The selected file must be a PDF, XLSX or CSV'],
    ['report.', 'The selected file must be a PDF, XLSX or CSV'],
    ['xlsx.doc', 'The selected file must be a PDF, XLSX or CSV'],
  ])('%p -> %p', (name, expected) => {
    expect(firstMessage(schema, { name, size: 1 })).toBe(expected);
  });

  it.each([
    ['a.b.C', 'c'],
    ['noext', ''],
    ['.env', 'env'],
  ])('fileExtension(%p) = %p', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });

  it('single type message', () => {
    expect(fileTypeMessage(['csv'])).toBe('The selected file must be a CSV');
  });
});

describe('group values', () => {
  const group = v.nullish(
    v.object({ line1: v.nullish(v.string()), town: v.nullish(v.string()), count: v.nullish(v.number()) }),
  );
  const schema = v.pipe(group, groupNotEmpty(), groupComplete());

  it.each([
    [{ line1: '', town: ' ', count: null }, GROUP_EMPTY],
    [null, GROUP_EMPTY],
    [{ line1: 'a', town: '', count: null }, GROUP_INCOMPLETE],
    [{ line1: '', town: '', count: 0 }, GROUP_INCOMPLETE],
    [{ line1: 'a', town: 'b', count: 0 }, null],
  ])('%p -> %p', (input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it.each([
    [{ a: '', b: null }, true, false],
    [{ a: 'x', b: null }, false, true],
    [{ a: 'x', b: 'y' }, false, false],
    [{ a: { x: '' }, b: [] }, true, false],
    [undefined, true, false],
  ])('%p: empty %p, incomplete %p', (value, empty, incomplete) => {
    expect(isEmptyGroup(value as never)).toBe(empty);
    expect(isIncompleteGroup(value as never)).toBe(incomplete);
  });

  it('keys restrict the fields looked at', () => {
    expect(isIncompleteGroup({ a: 'x', b: '', c: 'z' }, ['a', 'c'])).toBe(false);
  });
});
