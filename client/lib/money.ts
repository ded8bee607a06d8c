// Money is formatted by hand: goja has no Intl, so toLocaleString would throw
// on the server. The cases in shared/testdata/money.json pin the format.
import type { Lang } from "./i18n";
import limits from "../../shared/limits.json";

const NBSP = "\u00a0";

// group writes the digits in threes, joined by no-break spaces. It slices
// whole groups: a character at a time, goja copied the growing (UTF-16,
// because of the space) string on every digit.
function group(n: number): string {
  const digits = Math.trunc(Math.abs(n)).toString();
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += NBSP + digits.slice(i, i + 3);
  return (n < 0 ? "-" : "") + out;
}

/**
 * formatPrice writes a price in so'm the Russian way: 150 000 сум; from one
 * million on, millions with one decimal and a comma, the decimal kept when
 * it is zero (SPEC §3, §9): 1,5 млн сум, 1,0 млн сум; Uzbek writes the
 * same numbers: 1,0 mln so'm.
 */
export function formatPrice(amount: number, lang: Lang): string {
  const memo = lang === "uz" ? formatted.uz : formatted.ru;
  let s = memo.get(amount);
  if (s === undefined) {
    if (memo.size >= maxFormatted) memo.clear();
    s = format(amount, lang);
    memo.set(amount, s);
  }
  return s;
}

// formatted are prices already written, by language. Prices repeat (round
// sums): a listing's hundred prices are a few dozen amounts, and writing
// one (digits grouped with no-break spaces: UTF-16 strings in goja) cost
// more than the rest of a card's text.
const formatted = { ru: new Map<number, string>(), uz: new Map<number, string>() };
const maxFormatted = 4096;

function format(amount: number, lang: Lang): string {
  const currency = lang === "uz" ? "so'm" : "сум";
  const million = lang === "uz" ? "mln" : "млн";
  if (Math.abs(amount) >= limits.millionThreshold) {
    const tenths = Math.round(amount / 100000);
    const whole = Math.trunc(tenths / 10);
    const frac = Math.abs(tenths % 10);
    return `${group(whole)},${frac}${NBSP}${million}${NBSP}${currency}`;
  }
  return `${group(amount)}${NBSP}${currency}`;
}
