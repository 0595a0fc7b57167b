import { describe, expect, it } from 'vitest';
import { displayName, nameInitials, unlistedMembersText } from './utils';

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

describe('nameInitials', () => {
  it.each([
    ['Ruth Moabite', 'RM'],
    ['Mary Anne Smith', 'MA'],
    ['naomi', 'NA'],
    ['  ', 'U'],
    ['', 'U'],
    // An e-mail address standing for a name gives its first two letters.
    ['boaz@example.com', 'BO'],
  ])('%j gives %s', (name, initials) => {
    expect(nameInitials(name)).toBe(initials);
  });
});

describe('displayName', () => {
  it('joins first and last name, else the username, else the fallback', () => {
    expect(displayName({ firstName: 'Ruth', lastName: ' ' }, 'ruth@example.com')).toBe('Ruth');
    expect(displayName({ firstName: '', lastName: '', username: 'ruth.m' }, 'x')).toBe('ruth.m');
    expect(displayName({ firstName: '', lastName: '' }, 'ruth@example.com')).toBe(
      'ruth@example.com',
    );
  });
});
