import { describe, expect, it } from 'vitest';
import { escapeSpreadsheetCell } from './spreadsheet-cell';

describe('escapeSpreadsheetCell', () => {
  it('puts an apostrophe before every cell a spreadsheet would run as a formula', () => {
    expect(escapeSpreadsheetCell('=HYPERLINK("http://evil.example")')).toBe('\'=HYPERLINK("http://evil.example")');
    expect(escapeSpreadsheetCell('+H629CAFE1')).toBe("'+H629CAFE1");
    expect(escapeSpreadsheetCell('-20 C storage')).toBe("'-20 C storage");
    expect(escapeSpreadsheetCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeSpreadsheetCell('\t=1+1')).toBe("'\t=1+1");
    expect(escapeSpreadsheetCell('\r=1+1')).toBe("'\r=1+1");
    expect(escapeSpreadsheetCell('-1+2')).toBe("'-1+2");
    expect(escapeSpreadsheetCell('-')).toBe("'-");
  });

  it('keeps negative plain numbers numbers and ordinary text as it is', () => {
    expect(escapeSpreadsheetCell('-12.5')).toBe('-12.5');
    expect(escapeSpreadsheetCell('-3')).toBe('-3');
    expect(escapeSpreadsheetCell('12.5')).toBe('12.5');
    expect(escapeSpreadsheetCell('Ästhetik = café')).toBe('Ästhetik = café');
    expect(escapeSpreadsheetCell('')).toBe('');
    expect(escapeSpreadsheetCell("'=already")).toBe("'=already");
  });
});
