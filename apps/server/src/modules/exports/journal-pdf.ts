import PDFDocument from 'pdfkit';
import type { ExportQuery } from '@selah/shared/schemas/subscription';
import type { PrayerRow } from '../../db/schema/index.ts';

export interface ExportedPrayer {
  prayer: PrayerRow;
  testimonies: string[];
}

/**
 * The standard PDF fonts cover Windows-1252 only: other characters become '?' rather than
 * garbage (a Unicode font is not bundled yet). Control characters other than newlines go.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n' || char === '\t') out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) out += char;
    else out += '?';
  }
  return out;
}

/** A file name from a title: lower-case ASCII words joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'journal';
}

const COLORS = { text: '#1f2937', muted: '#6b7280', accent: '#4338ca' };

/**
 * A journal as a PDF, written page by page: `begin` the document, `addPrayers` as pages of
 * prayers arrive from the database, then `finish`. The document is a readable stream.
 */
export class JournalPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly options: ExportQuery;
  private readonly formatDate: (date: Date) => string;
  private count = 0;

  constructor(options: ExportQuery, timeZone: string, meta: { title: string; author: string }) {
    this.options = options;
    const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
    this.formatDate = (date) => format.format(date);
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: pdfText(meta.title), Author: pdfText(meta.author), Creator: 'Selah' },
    });
  }

  begin(journal: { title: string; description: string }, exportedAt: Date): void {
    const { doc } = this;
    doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(22).text(pdfText(journal.title));
    if (journal.description.trim()) {
      doc.moveDown(0.4).font('Helvetica').fontSize(11).text(pdfText(journal.description.trim()));
    }
    const included = [
      this.options.answered ? 'answered prayers' : null,
      this.options.verses ? 'memory verses' : null,
      this.options.notes ? 'notes and updates' : null,
    ].filter(Boolean);
    doc
      .moveDown(0.6)
      .fillColor(COLORS.muted)
      .fontSize(9)
      .text(
        `Exported from Selah on ${this.formatDate(exportedAt)}.` +
          (included.length ? ` Includes ${included.join(', ')}.` : ''),
      );
    doc.moveDown(1);
  }

  addPrayers(rows: ExportedPrayer[]): void {
    const { doc } = this;
    for (const { prayer, testimonies } of rows) {
      this.count++;
      if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
      doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(13).text(pdfText(prayer.title));
      const facts = [
        prayer.category,
        prayer.status === 'answered' ? 'Answered' : 'Active',
        `Written ${this.formatDate(prayer.createdAt)}`,
        prayer.answeredAt ? `Answered ${this.formatDate(prayer.answeredAt)}` : null,
      ].filter(Boolean);
      doc
        .fillColor(COLORS.muted)
        .font('Helvetica')
        .fontSize(9)
        .text(pdfText(facts.join(' · ')));
      if (prayer.content.trim()) {
        doc.moveDown(0.3).fillColor(COLORS.text).fontSize(11).text(pdfText(prayer.content.trim()));
      }
      if (this.options.verses && prayer.memoryVerse) {
        doc
          .moveDown(0.3)
          .fillColor(COLORS.accent)
          .font('Helvetica-Oblique')
          .fontSize(10)
          .text(
            pdfText(
              `Memory verse: “${prayer.memoryVerse.verse}” (${prayer.memoryVerse.reference})`,
            ),
          );
      }
      if (this.options.notes && testimonies.length > 0) {
        doc.moveDown(0.3).fillColor(COLORS.text).font('Helvetica-Bold').fontSize(10);
        doc.text('Notes and updates');
        doc.font('Helvetica').fontSize(10);
        for (const note of testimonies) doc.text(pdfText(`• ${note}`), { indent: 8 });
      }
      doc.moveDown(1);
    }
  }

  finish(truncatedAt: number | null): void {
    const { doc } = this;
    if (this.count === 0) {
      doc.fillColor(COLORS.muted).font('Helvetica').fontSize(11).text('No prayers to show.');
    }
    if (truncatedAt !== null) {
      doc
        .fillColor(COLORS.muted)
        .font('Helvetica')
        .fontSize(9)
        .text(`Only the latest ${truncatedAt.toLocaleString('en-US')} prayers are included.`);
    }
    doc.end();
  }
}
