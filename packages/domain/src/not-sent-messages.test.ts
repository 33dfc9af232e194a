import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages';

describe('the unsent work, summed up by kind (issue 52)', () => {
  it('names each kind with its number, in one sentence', () => {
    expect(AUTH_MESSAGES.notSentYet({ visits: 1, uses: 0, counts: 0 })).toBe('1 visit is not sent yet');
    expect(AUTH_MESSAGES.notSentYet({ visits: 3, uses: 0, counts: 0 })).toBe('3 visits are not sent yet');
    expect(AUTH_MESSAGES.notSentYet({ visits: 3, uses: 0, counts: 1 })).toBe('3 visits and 1 count are not sent yet');
    expect(AUTH_MESSAGES.notSentYet({ visits: 0, uses: 1, counts: 0 })).toBe('1 use is not sent yet');
    expect(AUTH_MESSAGES.notSentYet({ visits: 2, uses: 1, counts: 4 })).toBe('2 visits, 1 use and 4 counts are not sent yet');
  });
});
