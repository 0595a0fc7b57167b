import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts of the PDF export: Noto Sans (Latin with its extensions, so the letters of Spanish,
 * French, German, Yoruba, Igbo and Hausa with their accents and dots, plus Greek and Cyrillic)
 * and Noto Sans SC (Chinese, with Japanese kana), from npm (@expo-google-fonts, OFL-1.1).
 * PDFKit embeds only the glyphs a document uses (a subset). Each file is read and parsed once
 * per process, when an export first needs it: the Chinese ones (10 MB each) only for text with
 * Chinese characters.
 */
export type FontStyle = 'regular' | 'bold' | 'italic';
export type FontKey = 'latin-regular' | 'latin-bold' | 'latin-italic' | 'cjk-regular' | 'cjk-bold';

const FILES: Record<FontKey, string> = {
  'latin-regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'latin-italic': '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  'cjk-regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'cjk-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

const require = createRequire(import.meta.url);
const loaded = new Map<FontKey, fontkit.Font>();

/**
 * OpenType features for the layout: the font's defaults except `ccmp`, which splits letters
 * such as ṣ, ọ, ị and ụ into a base letter and a dot mark. Drawn alike, but the PDF's text (what
 * search, copy and screen readers get) would then say "s" for "ṣ", or "ṣ" for every later "s":
 * fontkit keeps one set of characters per glyph, the first it was made for. Without it such a
 * letter is its own glyph; tones on ẹ and ọ (no precomposed letter) are still placed by `mark`.
 */
const LAYOUT_FEATURES = { ccmp: false };

/**
 * The parsed font, read from its package on first use. Its `layout` applies LAYOUT_FEATURES
 * when PDFKit asks for the defaults (PDFKit keeps its per-word layout cache only then).
 */
export function loadFont(key: FontKey): fontkit.Font {
  let font = loaded.get(key);
  if (!font) {
    const parsed = fontkit.create(readFileSync(require.resolve(FILES[key]))) as fontkit.Font;
    const layout = parsed.layout.bind(parsed);
    parsed.layout = (text, features, ...rest) => layout(text, features ?? LAYOUT_FEATURES, ...rest);
    font = parsed;
    loaded.set(key, font);
  }
  return font;
}

/** Chinese (and Japanese) characters and their punctuation: drawn with Noto Sans SC. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
/** Combining marks stay with the letter before them (Yoruba's dots and tones). */
const MARK = /\p{M}/u;

export interface TextRun {
  /** Which font draws the run (the name it is registered under on a document). */
  font: FontKey;
  text: string;
}

/**
 * Splits text into runs of one font each: Chinese characters in Noto Sans SC, everything else
 * in Noto Sans. A character neither font has prints as "?".
 */
export function textRuns(text: string, style: FontStyle): TextRun[] {
  const latinKey: FontKey = `latin-${style}`;
  const cjkKey: FontKey = style === 'bold' ? 'cjk-bold' : 'cjk-regular';
  const latin = loadFont(latinKey);
  const runs: TextRun[] = [];
  let previous: FontKey = latinKey;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let key: FontKey;
    let out = char;
    if (char === '\n' || char === '\t') key = previous;
    else {
      if (MARK.test(char)) key = previous;
      else if (CJK.test(char) && loadFont(cjkKey).hasGlyphForCodePoint(code)) key = cjkKey;
      else key = latinKey;
      if (!loadFont(key).hasGlyphForCodePoint(code)) {
        key = latinKey;
        out = latin.hasGlyphForCodePoint(code) ? char : '?';
      }
    }
    const last = runs.at(-1);
    if (last?.font === key) last.text += out;
    else runs.push({ font: key, text: out });
    previous = key;
  }
  return runs;
}
