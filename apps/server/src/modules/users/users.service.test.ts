import { describe, expect, it } from 'vitest';
import { usernameBase } from './users.service.ts';

describe('usernameBase', () => {
  it.each([
    ['Ada', 'Lovelace', 'ada.lovelace'],
    [' Adébáyọ̀ ', 'Oke-Ọlá', 'adebayo.okeola'],
    ['Chidi', 'Ụzọ', 'chidi.uzo'],
    ['Ɓello', '', 'bello'],
    ['王', '芳', 'wang.fang'],
    ['Ольга', 'Петрова', 'olga.petrova'],
    ['Ἀθηνᾶ', '', 'athina'],
    ['😀', '', 'grinning'],
    ['', '', 'member'],
    ['Jo', '', 'member'],
    ['Maximilian-Alexander', 'Wolfeschlegelsteinhausen', 'maximilianalexander.wolf'],
  ])('%s %s → %s (from the name, never the e-mail)', (first, last, base) => {
    expect(usernameBase(first, last)).toBe(base);
  });
});
