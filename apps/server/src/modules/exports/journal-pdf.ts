import PDFDocument from 'pdfkit';
import type { ExportQuery } from '@selah/shared/schemas/exports';
import type { PrayerRow } from '../../db/schema/index.ts';
import { type FontKey, type FontStyle, loadFont, textRuns } from './pdf-fonts.ts';

export interface ExportedPrayer {
  prayer: PrayerRow;
  testimonies: string[];
  /** The author's dated notes (issue 20 §4), oldest first. */
  notes?: { text: string; createdAt: Date }[];
}

/**
 * Text as it is printed: NFC (so a letter and its combining accent become one character where
 * Unicode has one) and without control characters other than newlines and tabs. Characters no
 * font of the export has become "?" later (pdf-fonts.ts).
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n' || char === '\t') out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += char;
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
  /** Fonts registered on this document so far (each when first used). */
  private readonly fonts = new Set<FontKey>();
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

  /**
   * Writes text at the current position in the current size and colour, in Noto Sans and, for
   * Chinese characters, Noto Sans SC (one run per font, `continued` between them).
   */
  private write(text: string, style: FontStyle, options: PDFKit.Mixins.TextOptions = {}): void {
    const runs = textRuns(pdfText(text), style);
    if (runs.length === 0) runs.push({ font: `latin-${style}`, text: '' });
    runs.forEach((run, i) => {
      if (!this.fonts.has(run.font)) {
        // PDFKit takes a parsed fontkit font as it takes a file, and subsets it per document.
        this.doc.registerFont(run.font, loadFont(run.font) as unknown as Buffer);
        this.fonts.add(run.font);
      }
      this.doc.font(run.font).text(run.text, { ...options, continued: i < runs.length - 1 });
    });
  }

  begin(journal: { title: string; description: string }, exportedAt: Date): void {
    const { doc } = this;
    doc.fillColor(COLORS.text).fontSize(22);
    this.write(journal.title, 'bold');
    if (journal.description.trim()) {
      doc.moveDown(0.4).fontSize(11);
      this.write(journal.description.trim(), 'regular');
    }
    const included = [
      this.options.answered ? 'answered prayers' : null,
      this.options.verses ? 'memory verses' : null,
      this.options.notes ? 'notes and updates' : null,
    ].filter(Boolean);
    doc.moveDown(0.6).fillColor(COLORS.muted).fontSize(9);
    this.write(
      `Exported from Selah on ${this.formatDate(exportedAt)}.` +
        (included.length ? ` Includes ${included.join(', ')}.` : ''),
      'regular',
    );
    doc.moveDown(1);
  }

  addPrayers(rows: ExportedPrayer[]): void {
    const { doc } = this;
    for (const { prayer, testimonies, notes = [] } of rows) {
      this.count++;
      if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
      doc.fillColor(COLORS.text).fontSize(13);
      this.write(prayer.title, 'bold');
      const facts = [
        prayer.category,
        prayer.status === 'answered' ? 'Answered' : 'Active',
        `Written ${this.formatDate(prayer.createdAt)}`,
        prayer.answeredAt ? `Answered ${this.formatDate(prayer.answeredAt)}` : null,
      ].filter(Boolean);
      doc.fillColor(COLORS.muted).fontSize(9);
      this.write(facts.join(' · '), 'regular');
      if (prayer.content.trim()) {
        doc.moveDown(0.3).fillColor(COLORS.text).fontSize(11);
        this.write(prayer.content.trim(), 'regular');
      }
      if (this.options.verses && prayer.memoryVerse) {
        doc.moveDown(0.3).fillColor(COLORS.accent).fontSize(10);
        this.write(
          `Memory verse: “${prayer.memoryVerse.verse}” (${prayer.memoryVerse.reference})`,
          'italic',
        );
      }
      if (this.options.notes && (testimonies.length > 0 || notes.length > 0)) {
        doc.moveDown(0.3).fillColor(COLORS.text).fontSize(10);
        this.write('Notes and updates', 'bold');
        for (const note of notes)
          this.write(`• ${this.formatDate(note.createdAt)}: ${note.text}`, 'regular', {
            indent: 8,
          });
        for (const note of testimonies) this.write(`• ${note}`, 'regular', { indent: 8 });
      }
      doc.moveDown(1);
    }
  }

  finish(truncatedAt: number | null): void {
    const { doc } = this;
    if (this.count === 0) {
      doc.fillColor(COLORS.muted).fontSize(11);
      this.write('No prayers to show.', 'regular');
    }
    if (truncatedAt !== null) {
      doc.fillColor(COLORS.muted).fontSize(9);
      this.write(
        `Only the latest ${truncatedAt.toLocaleString('en-US')} prayers are included.`,
        'regular',
      );
    }
    doc.end();
  }
}
