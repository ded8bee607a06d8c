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

// Tashkent is UTC+5 all year (no DST). Wall times are computed from the
// instant and this fixed offset, never from the browser's own time zone.
const tashkentOffsetMs = 5 * 3600_000;

const weekdays: Record<Lang, string[]> = {
  ru: ["пн", "вт", "ср", "чт", "пт", "сб", "вс"],
  uz: ["du", "se", "cho", "pa", "ju", "sha", "ya"],
};

/** TashkentTime is a wall-clock time in Tashkent. */
export interface TashkentTime {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
  /** 1 Monday .. 7 Sunday */
  weekday: number;
}

/**
 * instant reads an RFC 3339 time ("2026-11-24T14:30:00+05:00", "...Z") as
 * milliseconds since the epoch, from the offset the string carries; NaN
 * when it is not one.
 */
export function instant(rfc: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/.exec(rfc);
  if (!m) return NaN;
  const utc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0));
  if (m[7] === "Z") return utc;
  const offset = (+m[9] * 60 + +m[10]) * 60_000;
  return m[8] === "+" ? utc - offset : utc + offset;
}

function pad(n: number): string {
  return n < 10 ? "0" + n : String(n);
}

/** tashkent gives the Tashkent wall time of an instant (ms or RFC 3339). */
export function tashkent(at: number | string): TashkentTime {
  const ms = typeof at === "string" ? instant(at) : at;
  const d = new Date(ms + tashkentOffsetMs);
  const day = d.getUTCDay();
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: day === 0 ? 7 : day,
  };
}

/** formatTime writes the Tashkent wall time of an RFC 3339 time as "14:30". */
export function formatTime(rfc: string): string {
  const w = tashkent(rfc);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** formatDay writes a YYYY-MM-DD date without the year: "24 ноября", "24-noyabr". */
export function formatDay(iso: string, lang: Lang): string {
  const [, m, d] = iso.split("-").map(Number);
  if (!m || !d) return iso;
  const month = months[lang][m - 1];
  return lang === "uz" ? `${d}-${month}` : `${d} ${month}`;
}

/** weekdayName is the short name of a YYYY-MM-DD date's weekday: "пн", "du". */
export function weekdayName(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekdays[lang][day === 0 ? 6 : day - 1];
}

/** formatDateTime writes an RFC 3339 time as "24 ноября 2026, 14:30" in Tashkent time. */
export function formatDateTime(rfc: string, lang: Lang): string {
  return `${formatDate(tashkent(rfc).date, lang)}, ${formatTime(rfc)}`;
}

/** addDays moves a YYYY-MM-DD date by n calendar days. */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** todayInTashkent is today's YYYY-MM-DD date in Tashkent. */
export function todayInTashkent(): string {
  return tashkent(Date.now()).date;
}

/** hhmm writes minutes after midnight as "09:30"; 1440 is "24:00". */
export function hhmm(min: number): string {
  return `${String(Math.floor(min / 60)).padStart(2, "0")}:${String(min % 60).padStart(2, "0")}`;
}

/** clockMinutes reads "09:30" as minutes after midnight; NaN when it is not one. */
export function clockMinutes(s: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}
