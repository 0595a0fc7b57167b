import { describe, expect, it } from 'vitest';
import { usernameBase } from './users.service.ts';

describe('usernameBase', () => {
  it.each([
    ['Ada', 'Lovelace', 'ada.lovelace'],
    [' Adébáyọ̀ ', 'Oke-Ọlá', 'adebayo.okeola'],
    ['Chidi', 'Ụzọ', 'chidi.uzo'],
    ['Ɓello', '', 'ello'],
    ['王', '芳', 'member'],
    ['Jo', '', 'member'],
    ['Maximilian-Alexander', 'Wolfeschlegelsteinhausen', 'maximilianalexander.wolf'],
  ])('%s %s → %s (from the name, never the e-mail)', (first, last, base) => {
    expect(usernameBase(first, last)).toBe(base);
  });
});
