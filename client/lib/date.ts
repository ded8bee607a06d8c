// Dates are formatted by hand: goja has no Intl.
import type { Lang } from "./i18n";

const months: Record<Lang, string[]> = {
  ru: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"],
  uz: ["yanvar", "fevral", "mart", "aprel", "may", "iyun", "iyul", "avgust", "sentabr", "oktabr", "noyabr", "dekabr"],
};

/** formatDate writes a YYYY-MM-DD date as "5 октября 2026" (ru) or "5-oktabr 2026" (uz). */
export function formatDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split("-").map(Number);
  if (!y || !m || !d) return iso;
  const month = months[lang][m - 1];
  return lang === "uz" ? `${d}-${month} ${y}` : `${d} ${month} ${y}`;
}
