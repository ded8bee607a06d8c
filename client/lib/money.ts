// Money is formatted by hand: goja has no Intl, so toLocaleString would throw
// on the server. The cases in shared/testdata/money.json pin the format.
import type { Lang } from "./i18n";
import limits from "../../shared/limits.json";

const NBSP = "\u00a0";

function group(n: number): string {
  const digits = Math.trunc(Math.abs(n)).toString();
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += NBSP;
    out += digits[i];
  }
  return (n < 0 ? "-" : "") + out;
}

/**
 * formatPrice writes a price in so'm the Russian way: 150 000 сум; from one
 * million on, millions with one decimal and a comma: 1,5 млн сум.
 */
export function formatPrice(amount: number, lang: Lang): string {
  const currency = lang === "uz" ? "so'm" : "сум";
  const million = lang === "uz" ? "mln" : "млн";
  if (Math.abs(amount) >= limits.millionThreshold) {
    const tenths = Math.round(amount / 100000);
    const whole = Math.trunc(tenths / 10);
    const frac = Math.abs(tenths % 10);
    const num = frac === 0 ? group(whole) : `${group(whole)},${frac}`;
    return `${num}${NBSP}${million}${NBSP}${currency}`;
  }
  return `${group(amount)}${NBSP}${currency}`;
}
