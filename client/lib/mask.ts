// Input masks of spec §5: "#" a digit, "X" a letter or digit, "S" a letter,
// "A" a letter forced to upper case, "a" a letter forced to lower case, "!"
// makes the next mask character literal; anything else is a literal.

// A letter is a character with case (Latin, Cyrillic): goja, which also
// runs this module, has no \p{L} in its regular expressions.
const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase();
const isDigit = (c: string) => c >= "0" && c <= "9";

const tokens: Record<string, (c: string) => string | null> = {
  "#": (c) => (isDigit(c) ? c : null),
  X: (c) => (isLetter(c) || isDigit(c) ? c : null),
  S: (c) => (isLetter(c) ? c : null),
  A: (c) => (isLetter(c) ? c.toUpperCase() : null),
  a: (c) => (isLetter(c) ? c.toLowerCase() : null),
};

/**
 * applyMask fits raw input to mask: each token takes the next input
 * character it accepts (others are skipped), literals are written as the
 * mask has them (and skipped in the input when typed). It stops where the
 * input runs out, so a half-typed value stays half-written.
 */
export function applyMask(mask: string, raw: string): string {
  let out = "";
  let i = 0;
  for (let m = 0; m < mask.length && i < raw.length; m++) {
    let ch = mask[m];
    const escaped = ch === "!";
    if (escaped) ch = mask[++m] ?? "";
    const accept = escaped ? undefined : tokens[ch];
    if (!accept) {
      out += ch;
      if (raw[i] === ch) i++;
      continue;
    }
    while (i < raw.length) {
      const taken = accept(raw[i++]);
      if (taken !== null) {
        out += taken;
        break;
      }
    }
  }
  return out;
}

/** PHONE_MASK writes an Uzbek number as people read it. */
export const PHONE_MASK = "+998 ## ###-##-##";

/** COUNTRY_CODE is Uzbekistan's calling code, which the mask writes itself. */
const COUNTRY_CODE = "998";
/** HELD is what the mask writes before the national number. */
const HELD = "+" + COUNTRY_CODE + " ";
/** NATIONAL is the length of a national number: an operator's code and seven digits. */
const NATIONAL = 9;

const digitsOf = (s: string) => s.replace(/\D/g, "");

/**
 * maskPhone formats what is in the phone field after each edit, so it reads
 * its own output back with a key appended: the same number comes out
 * whether the visitor types or pastes "+998 93 555-00-11", "998935550011",
 * "8 93 555 00 11" or "935550011", key by key or at once. The country code
 * is kept apart from the national number, never read as its digits:
 *
 *   - a "+" starts an international number, wherever it is typed (so "+"
 *     typed after the mask's "+998 " starts over): "+", "+9", "+99", "+998"
 *     are the code being typed and stay as they are;
 *   - after the mask's own "+998 ", or without a "+", the digits are the
 *     national number (nationalNumber reads a code or a trunk "8" typed
 *     before it).
 */
export function maskPhone(raw: string): string {
  const plus = raw.lastIndexOf("+");
  if (plus > 0) raw = raw.slice(plus);
  let national: string;
  if (raw.startsWith("+") && !raw.startsWith(HELD)) {
    const digits = digitsOf(raw);
    if (COUNTRY_CODE.startsWith(digits)) return "+" + digits;
    national = digits.startsWith(COUNTRY_CODE) ? digits.slice(COUNTRY_CODE.length) : digits;
  } else {
    national = nationalNumber(digitsOf(raw.startsWith(HELD) ? raw.slice(HELD.length) : raw));
    if (national === "") return raw.startsWith(HELD) ? "+" + COUNTRY_CODE : "";
  }
  return applyMask(PHONE_MASK, HELD + national.slice(0, NATIONAL));
}

/**
 * nationalNumber reads digits written after the mask's prefix (or without
 * one) as the national number. A national number has nine digits, so ten
 * or more that begin with 998 were the country code typed again over the
 * mask's (which shows "+998 99 893-55-50" until the tenth key, then the
 * right number). A leading 8 is the old trunk prefix when a digit other
 * than 8 follows (no operator's code is 80–87 or 89), or when ten digits
 * begin 888 (the trunk prefix and operator 88); "88" alone is operator 88.
 * Digits past the ninth are dropped otherwise, so a stray key after a
 * whole number changes nothing.
 */
function nationalNumber(digits: string): string {
  if (digits.length > NATIONAL && digits.startsWith(COUNTRY_CODE)) return digits.slice(COUNTRY_CODE.length);
  const trunk = digits.length > 1 && digits[0] === "8" && (digits[1] !== "8" || (digits.length > NATIONAL && digits.startsWith("888")));
  return trunk ? digits.slice(1) : digits;
}
