import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, prayers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';
import { pdfText, slugify } from './journal-pdf.ts';
import { textRuns } from './pdf-fonts.ts';

let t: TestApp;
let owner: Person;
let member: Person;
let journalId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, member] = await Promise.all([person(t.app, 'Ruth'), person(t.app, 'Naomi')]);
  await setPlan(t.db, owner.id, 'premium');
  journalId = (
    await owner.api.post('/api/journals', {
      title: 'Family Prayers: 2026!',
      description: 'For the whole household',
      isPrivate: false,
    })
  ).json()._id;
  const add = async (body: Record<string, unknown>) =>
    (await owner.api.post('/api/prayers', { journal: journalId, ...body })).json()._id as string;
  const answered = await add({
    title: 'Healing for Grandma',
    content: 'That her surgery goes well.',
    category: 'Health',
    isPrivate: false,
  });
  await owner.api.put(`/api/prayers/${answered}/status`, { isAnswered: true });
  await owner.api.post(`/api/prayers/${answered}/testimony`, {
    testimony: 'The surgery went perfectly',
  });
  await owner.api.post(`/api/prayers/${answered}/notes`, {
    text: 'The doctors sounded hopeful today',
  });
  await add({
    title: 'Wisdom at work',
    content: 'Guidance in the new role.',
    category: 'Career',
    memoryVerse: { verse: 'Trust in the Lord with all your heart', reference: 'Proverbs 3:5' },
  });
  await add({
    title: 'Café plans ☕',
    content: 'Crème brûlée – naïve “quotes”',
    category: 'Personal',
  });
  await member.api.post(`/api/journals/${journalId}/join`);
});
afterAll(async () => {
  await t?.close();
});

const exportUrl = (id: string, query = '') => `/api/journals/${id}/export.pdf${query}`;

async function pdfTextOf(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function exportAs(p: Person, query = '') {
  const res = await p.api.get(exportUrl(journalId, query));
  return { res, text: res.statusCode === 200 ? await pdfTextOf(res.rawPayload) : '' };
}

describe('GET /api/journals/:id/export.pdf', () => {
  it('is a real PDF of the journal with every prayer, its verse and its notes', async () => {
    const { res, text } = await exportAs(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="family-prayers-2026.pdf"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const expected of [
      'Family Prayers: 2026!',
      'For the whole household',
      'Healing for Grandma',
      'That her surgery goes well.',
      'Health',
      'Answered',
      'Wisdom at work',
      'Career',
      'Active',
      'Trust in the Lord with all your heart',
      'Proverbs 3:5',
      'The surgery went perfectly',
      'The doctors sounded hopeful today',
      'Café plans ?',
      'Crème brûlée',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves out answered prayers, memory verses and notes when asked', async () => {
    const noAnswered = (await exportAs(owner, '?answered=false&verses=true&notes=true')).text;
    expect(noAnswered).not.toContain('Healing for Grandma');
    expect(noAnswered).not.toContain('The surgery went perfectly');
    expect(noAnswered).toContain('Wisdom at work');
    expect(noAnswered).toContain('Trust in the Lord');

    const noVerses = (await exportAs(owner, '?verses=false')).text;
    expect(noVerses).toContain('Wisdom at work');
    expect(noVerses).not.toContain('Trust in the Lord');
    expect(noVerses).toContain('The surgery went perfectly');

    const noNotes = (await exportAs(owner, '?notes=false')).text;
    expect(noNotes).toContain('Healing for Grandma');
    expect(noNotes).not.toContain('The surgery went perfectly');
    expect(noNotes).not.toContain('The doctors sounded hopeful');
    expect(noNotes).toContain('Trust in the Lord');
  });

  it('is for the owner only: members, others and unknown journals get 404', async () => {
    expect((await member.api.get(exportUrl(journalId))).statusCode).toBe(404);
    expect(
      (await owner.api.get(exportUrl('00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: exportUrl(journalId) })).statusCode).toBe(401);
    expect((await owner.api.get(exportUrl(journalId, '?answered=maybe'))).statusCode).toBe(400);
  });

  it('needs Premium or Ministry (402 on Free, also after a plan lapses)', async () => {
    const free = await person(t.app);
    const own = (await free.api.post('/api/journals', { title: 'Mine' })).json()._id;
    const refused = await free.api.get(exportUrl(own));
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        'Exporting to PDF needs the Premium or Ministry plan. Upgrade to export your journals.',
      details: { limit: 'export', upgradeUrl: '/pricing' },
    });
    await setPlan(t.db, free.id, 'ministry');
    expect((await free.api.get(exportUrl(own))).statusCode).toBe(200);
    await setPlan(t.db, free.id, 'ministry', new Date(Date.now() - 1000));
    expect((await free.api.get(exportUrl(own))).statusCode).toBe(402);
  });

  it('streams large journals page by page and stops at 5,000 prayers', async () => {
    const big = await person(t.app);
    await setPlan(t.db, big.id, 'premium');
    const id = (await big.api.post('/api/journals', { title: 'Big' })).json()._id as string;
    const base = Date.UTC(2026, 0, 1);
    await t.db.db.insert(prayers).values(
      Array.from({ length: 5_001 }, (_, i) => ({
        journalId: id,
        authorId: big.id,
        title: `P${String(i).padStart(4, '0')}x`,
        category: 'Personal',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await t.db.db
      .update(journals)
      .set({ prayerCount: sql`5001` })
      .where(eq(journals.id, id));
    const res = await big.api.get(exportUrl(id));
    expect(res.statusCode).toBe(200);
    const text = await pdfTextOf(res.rawPayload);
    // Newest first: the oldest one is the one left out.
    expect(text).toContain('P5000x');
    expect(text).toContain('P2500x');
    expect(text).toContain('P0001x');
    expect(text).not.toContain('P0000x');
    expect(text.match(/P\d{4}x/g)).toHaveLength(5_000);
    expect(text).toContain('Only the latest 5,000 prayers are included.');
  }, 120_000);
});

describe('text in every script of the settings and of West African names', () => {
  /** Prayer titles and texts as people write them, each of which must come out as written. */
  const WRITTEN = {
    English: ['Thanksgiving for the harvest', 'Grateful for every answered prayer.'],
    Spanish: ['Oración por mi abuela', 'Señor, dale fuerzas; ¿cuándo sanará? Pequeños pasos.'],
    French: ['Prière pour l’été', 'Cœur reconnaissant, à Noël et à Pâques : garde-nous.'],
    German: ['Gebet für die Familie', 'Größere Geduld auf der Straße, Dankbarkeit für alles.'],
    Chinese: ['为家人祈祷', '感谢主的恩典，愿平安与你们同在。'],
    Yoruba: ['Adúrà fún Ọlọ́run', 'Ẹ ṣé o, Olúwa; ọmọ mi ṣàìsàn, ẹ gbàdúrà.'],
    Igbo: ['Ekpere maka ụlọ anyị', 'Chineke dị ebube; ị mara na ụbọchị a dị mma.'],
    Hausa: ['Addu’a don ƙasa', 'Ɓarawo ya tafi, ɗaki ya yi ƙarfi; Allah ya ba mu ɓangare.'],
  };
  const NAMES = ['Adéṣọlá Ọ̀ṣúndáre', 'Chíọ́ma Ụ̀zọ̀', 'Ɗanlámi Ƙaurá Ɓello', '李明'];

  it('prints them with embedded, subsetted Noto fonts, and the text comes out as written', async () => {
    const writer = await person(t.app, NAMES[0]!.split(' ')[0]);
    await setPlan(t.db, writer.id, 'premium');
    const id = (
      await writer.api.post('/api/journals', {
        title: '家庭祷告 · Ẹbí mi',
        description: NAMES.join(', '),
      })
    ).json()._id as string;
    for (const [title, content] of Object.values(WRITTEN)) {
      const res = await writer.api.post('/api/prayers', { journal: id, title, content });
      expect(res.statusCode).toBe(201);
    }
    const res = await writer.api.get(exportUrl(id));
    expect(res.statusCode).toBe(200);
    const text = (await pdfTextOf(res.rawPayload)).normalize('NFC');
    for (const expected of ['家庭祷告 · Ẹbí mi', ...NAMES, ...Object.values(WRITTEN).flat()]) {
      expect(text, expected).toContain(expected.normalize('NFC'));
    }

    // Fonts are embedded (TrueType, FontFile2) and subsetted (the "ABCDEF+" tag), never the
    // standard fonts; the whole file stays small next to the 10 MB Chinese font.
    const pdf = res.rawPayload.toString('latin1');
    const fonts = [...pdf.matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((m) => m[1]!);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+NotoSans(SC)?-/);
    expect(fonts.some((f) => f.includes('NotoSansSC-'))).toBe(true);
    expect(pdf).toContain('/FontFile2');
    expect(res.rawPayload.length).toBeLessThan(300_000);
  });
});

describe('PDF helpers', () => {
  it('names the file from the title', () => {
    expect(slugify('Family Prayers: 2026!')).toBe('family-prayers-2026');
    expect(slugify('Ça été')).toBe('ca-ete');
    expect(slugify('🙏')).toBe('journal');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });

  it('keeps text in NFC without control characters', () => {
    expect(pdfText('Crème “brûlée” – €5')).toBe('Crème “brûlée” – €5');
    expect(pdfText('祈り ☕\u0007ok\nẹ\u0301')).toBe('祈り ☕ok\nẹ́');
    expect(pdfText('e\u0323')).toBe('ẹ');
  });

  it('draws Chinese in Noto Sans SC, everything else in Noto Sans, and "?" for what neither has', () => {
    expect(textRuns('Ọlọ́run 感谢主。Amen 🙏', 'bold')).toEqual([
      { font: 'latin-bold', text: 'Ọlọ́run ' },
      { font: 'cjk-bold', text: '感谢主。' },
      { font: 'latin-bold', text: 'Amen ?' },
    ]);
    expect(textRuns('感谢', 'italic')).toEqual([{ font: 'cjk-regular', text: '感谢' }]);
  });
});
