import { describe, expect, it } from 'vitest';
import { receiveIssue, TRANSFER_MESSAGES } from './transfers';

describe('receiveIssue', () => {
  it.each([
    [5, 5, '', null],
    [5, 0, 'Broken in transit', null],
    [5, 6, '', { field: 'units_received', message: 'Only 5 units were shipped on this line' }],
    [1, 2, 'x', { field: 'units_received', message: 'Only 1 unit was shipped on this line' }],
    [5, 3, '', { field: 'write_off_reason', message: TRANSFER_MESSAGES.writeOffReasonRequired }],
    [5, 3, '   ', { field: 'write_off_reason', message: TRANSFER_MESSAGES.writeOffReasonRequired }],
  ])('%i shipped, %i received, reason "%s"', (shipped, received, reason, issue) => {
    expect(receiveIssue(shipped, received, reason)).toEqual(issue);
  });
});
