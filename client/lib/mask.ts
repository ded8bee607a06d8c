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

/**
 * maskPhone formats what a visitor typed into the phone field: the
 * country code is written by the mask, so a typed "998" (or "+998") is
 * dropped first.
 */
export function maskPhone(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.startsWith("998")) digits = digits.slice(3);
  return digits === "" ? "" : applyMask(PHONE_MASK, "+998 " + digits);
}
