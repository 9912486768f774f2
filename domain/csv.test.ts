import { CsvSyntaxError, parseCsv } from './csv';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('parseCsv', () => {
  it('reads plain rows with LF or CRLF line ends', () => {
    expect(cells('CRN,Email\n01234567,a@b.test\n')).toEqual([['CRN', 'Email'], ['01234567', 'a@b.test']]);
    expect(cells('CRN,Email\r\n01234567,a@b.test\r\n')).toEqual([['CRN', 'Email'], ['01234567', 'a@b.test']]);
  });

  it('drops a leading byte-order mark, as spreadsheet exports add one', () => {
    expect(cells('\uFEFFCRN,Email')[0]).toEqual(['CRN', 'Email']);
  });

  it('reads quoted values with commas, doubled quotes and line breaks', () => {
    const records = parseCsv('a,"b, c","say ""hi""","two\r\nlines"\nnext,row');
    expect(records[0]!.cells).toEqual(['a', 'b, c', 'say "hi"', 'two\r\nlines']);
    expect(records[1]).toEqual({ line: 3, cells: ['next', 'row'] });
  });

  it('keeps empty cells and blank lines, but not a final line break', () => {
    expect(cells('a,,c\n\n,\n')).toEqual([['a', '', 'c'], [''], ['', '']]);
    expect(cells('"",x')).toEqual([['', 'x']]);
  });

  it('numbers records by the line they start on', () => {
    expect(parseCsv('h\n1\n\n3').map((r) => r.line)).toEqual([1, 2, 3, 4]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\n"open,b');
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(2);
    }
    expect(() => parseCsv('"a"b,c')).toThrow('A quoted value must be followed by a comma or the end of the line');
    expect(() => parseCsv('a"b')).toThrow('A quote may only appear inside a quoted value');
  });

  it('returns no records for empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
