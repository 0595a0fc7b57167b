// The scan of the app's log after a full browser run (issue 8: "never a password, token or card
// detail"): known secrets of the run (passwords, tokens from the mails, the payment secret) and
// the shapes of secrets nobody listed (JWTs, Authorization values, card numbers).

/**
 * The stored-XSS spec provokes one CSP violation on purpose (an image from a URL holding this),
 * to prove that violations are seen; the run's CSP check leaves that one out.
 */
export const CSP_CONTROL_MARKER = 'csp-control-violation';

/** A value that must never appear in the log, and what to call it in a finding. */
export interface KnownSecret {
  kind: string;
  value: string;
}

/** One offending line: its number (1-based), what was found, and the line with it redacted. */
export interface Finding {
  line: number;
  kind: string;
  redacted: string;
}

interface Pattern {
  kind: string;
  regex: RegExp;
  /** An extra check on the match (card numbers: Luhn and a card prefix). */
  accept?: (match: string) => boolean;
}

/** The Luhn checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Visa, Mastercard (51-55, 2221-2720), American Express, Discover, Verve (506x, 650x). */
const CARD_PREFIX = /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|6011|65|506[01])/;

function isCardNumber(match: string): boolean {
  const digits = match.replace(/[ -]/g, '');
  return (
    digits.length >= 13 &&
    digits.length <= 19 &&
    CARD_PREFIX.test(digits) &&
    luhnValid(digits) &&
    // A run of one digit (a placeholder, a padded number) is not a card.
    !/^(\d)\1+$/.test(digits)
  );
}

const PATTERNS: Pattern[] = [
  // A JWT: header and payload are base64url JSON objects ("eyJ" is `{"`).
  { kind: 'JWT', regex: /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g },
  { kind: 'Authorization value', regex: /\b(?:Bearer|Basic)\s+[\w.~+/=-]{8,}/gi },
  {
    kind: 'Authorization header',
    regex: /["']?authorization["']?\s*[:=]\s*["']?(?!\[redacted\])[^\s"',}]{4,}/gi,
  },
  {
    kind: 'card number',
    regex: /(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w.-])/g,
    accept: isCardNumber,
  },
];

/** The forms a secret may take in a log line: as is, percent-encoded, JSON-escaped. */
function spellings(value: string): string[] {
  return [
    ...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]),
  ].filter((s) => s.length >= 6);
}

/**
 * Every line of `text` holding a known secret or the shape of one. The redacted line replaces
 * each finding with `[kind]` and is cut to 200 characters, so a report never repeats a secret.
 */
export function scanLog(text: string, known: KnownSecret[]): Finding[] {
  const literals = known.flatMap((s) => spellings(s.value).map((value) => ({ ...s, value })));
  // Longest first, so a secret containing another is named by the longer one.
  literals.sort((a, b) => b.value.length - a.value.length);
  const findings: Finding[] = [];
  const lines = text.split('\n');
  lines.forEach((original, index) => {
    let line = original;
    const kinds = new Set<string>();
    for (const secret of literals) {
      if (line.includes(secret.value)) {
        kinds.add(secret.kind);
        line = line.split(secret.value).join(`[${secret.kind}]`);
      }
    }
    for (const pattern of PATTERNS) {
      line = line.replace(pattern.regex, (match) => {
        if (pattern.accept && !pattern.accept(match)) return match;
        kinds.add(pattern.kind);
        return `[${pattern.kind}]`;
      });
    }
    for (const kind of kinds) {
      findings.push({
        line: index + 1,
        kind,
        redacted: line.length > 200 ? `${line.slice(0, 200)}…` : line,
      });
    }
  });
  return findings;
}

/** Query parameters that carry a secret by name. */
const SECRET_PARAMS = /^(?:token|code|invite|key|secret|sig|signature|state)$/i;

/**
 * Query parameter values of the links in a mail that are secrets: reset tokens, invite codes
 * (by name, or 16+ characters mixing letters and digits; not `?tab=notifications`).
 */
export function linkTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [url] of text.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
    try {
      for (const [name, value] of new URL(url.replace(/&amp;/g, '&')).searchParams) {
        const random = value.length >= 16 && /\d/.test(value) && /[a-z]/i.test(value);
        if (value.length >= 8 && (SECRET_PARAMS.test(name) || random)) tokens.push(value);
      }
    } catch {
      // Not a URL after all.
    }
  }
  return tokens;
}
