import { CsvSyntaxError, csvCell, parseCsv, toCsv } from './csv';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('parseCsv', () => {
  it('reads plain rows with LF or CRLF line ends', () => {
    expect(cells('CRN,Email\n01234567,a@b.test\n')).toEqual([
      ['CRN', 'Email'],
      ['01234567', 'a@b.test'],
    ]);
    expect(cells('CRN,Email\r\n01234567,a@b.test\r\n')).toEqual([
      ['CRN', 'Email'],
      ['01234567', 'a@b.test'],
    ]);
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

describe('csvCell and toCsv (exports)', () => {
  it.each([
    '=SUM(A1:A9)',
    '+44 117 496 0000',
    '-1+2',
    '@cmd',
    '\t=1',
    '\r=1',
    '=HYPERLINK("http://evil.example","Click")',
  ])('neutralises %j so a spreadsheet shows it as text', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    // Read back, the cell is the text with the apostrophe in front: nothing is lost.
    expect(parseCsv(toCsv([[text]]))[0]!.cells).toEqual([`'${text}`]);
  });

  it('leaves other text and numbers alone, and quotes commas, quotes and line breaks', () => {
    expect(csvCell('Demo Energy Ltd')).toBe('Demo Energy Ltd');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Smith, "Jo"')).toBe('"Smith, ""Jo"""');
    expect(
      toCsv([
        ['Name', 'Total'],
        ['Acme, Ltd', 3],
        ['=1+1', null],
      ]),
    ).toBe('Name,Total\r\n"Acme, Ltd",3\r\n\'=1+1,\r\n');
  });
});
