import { describe, expect, it } from 'vitest';
import { unlistedMembersText } from './utils';

describe('unlistedMembersText', () => {
  it.each([
    [2, 3, true, 'and 2 more members'],
    [1, 3, true, 'and 1 more member'],
    [2, 3, false, 'and 2 more members, who keep their profiles private'],
    [1, 3, false, 'and 1 more member, who keeps their profile private'],
    [4, 0, false, 'The members keep their profiles private.'],
    [1, 0, false, 'The member keeps their profile private.'],
    [4, 0, true, '4 members'],
  ])('%i unlisted of a list of %i (all shown: %s): "%s"', (unlisted, listed, allShown, text) => {
    expect(unlistedMembersText(unlisted, listed, allShown)).toBe(text);
  });
});
