// The editor form's checks before a draft is sent: the same format rules
// the server applies (server/editorial Check, checkRows), so a mistake is
// said beside its field at once; the server checks everything again.
import { t, type Key, type Lang } from "../../lib/i18n";
import { clockMinutes } from "../../lib/date";
import type { FieldInfo, Form, Values } from "../../gen/editorial";

export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const imagePattern = /^[0-9a-f]{64}$/;
// httpsPattern mirrors server/editorial's (the clinics.website CHECK).
export const httpsPattern = /^https:\/\/[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:[0-9]+)?(\/\S*)?$/;

/**
 * check applies the server's format rules (server/editorial Check) to
 * one text: length, slug, image and https form. Empty text passes: a draft may
 * be unfinished, publishing checks the required fields.
 */
export function check(lang: Lang, f: FieldInfo, s: string, min: number): string {
  s = s.trim();
  if (s === "") return "";
  const n = [...s].length;
  if (f.max > 0 && n > f.max) return t(lang, "editor.error.max", { max: f.max });
  if (min > 0 && n < min) return t(lang, "editor.error.min", { min });
  if (f.type === "slug" && !slugPattern.test(s)) return t(lang, "editor.error.slug");
  if (f.type === "image" && !imagePattern.test(s)) return t(lang, "editor.error.image");
  if (f.type === "url" && !httpsPattern.test(s)) return t(lang, "editor.error.https");
  if (f.type === "price" && !isPrice(s)) return t(lang, "editor.error.price");
  if (f.type === "date" && !isDate(s)) return t(lang, "editor.error.date");
  return "";
}

/** inputType is the input of the text fields that have their own. */
export const inputType: Partial<Record<FieldInfo["type"], string>> = { url: "url", date: "date" };

/** isPrice: whole sums from 1 to 1,000,000,000, as server/editorial's price. */
function isPrice(s: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(s) && Number(s) <= 1_000_000_000;
}

/** isDate: a calendar date written YYYY-MM-DD, as server/editorial's date. */
function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** exceeds: a valid price or date past the one of the field it may not exceed (server/editorial's exceeds). */
function exceeds(f: FieldInfo, s: string, limit: string): boolean {
  if (f.type === "price") return isPrice(s) && isPrice(limit) && Number(s) > Number(limit);
  return isDate(s) && isDate(limit) && s > limit;
}

/** minOf mirrors the kinds' minimum lengths (server/editorial Kinds). */
function minOf(f: FieldInfo): number {
  if (f.type === "slug") return 3;
  if (f.name === "name" || f.name === "nameChildren") return f.max === 160 ? 2 : 3;
  return 0;
}

const clockPattern = /^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/;

/** cellValue reads a cell of kind as a number (NaN: not of its kind), as server/editorial parseCell. */
function cellValue(kind: string, s: string): number {
  switch (kind) {
    case "weekday":
      return /^[1-7]$/.test(s) ? Number(s) : NaN;
    case "clock":
      return clockPattern.test(s) ? clockMinutes(s) : NaN;
    case "ref":
      return /^[1-9][0-9]*$/.test(s) ? Number(s) : NaN;
    case "money":
      return /^[0-9]+$/.test(s) && Number(s) <= 1_000_000_000 ? Number(s) : NaN;
  }
  return NaN;
}

/**
 * checkRows applies the server's rules for a rows field (server/editorial
 * checkRows): each cell of its kind (an optional one may be empty), clock
 * times increasing along a row, a price range not decreasing, the first
 * column not repeated. Errors are keyed "hours.2.opens".
 */
function checkRows(lang: Lang, f: FieldInfo, rows: string[][]): Record<string, string> {
  const out: Record<string, string> = {};
  const cols = f.columns ?? [];
  const seen = new Set<string>();
  if (f.max > 0 && rows.length > f.max) out[f.name] = t(lang, "editor.error.rows", { max: f.max });
  rows.forEach((row, i) => {
    let ok = true;
    const last: Record<string, number> = {};
    cols.forEach((c, j) => {
      const s = (row[j] ?? "").trim();
      const key = `${f.name}.${i}.${c.name}`;
      if (c.optional && s === "") return;
      const n = cellValue(c.kind, s);
      if (Number.isNaN(n)) {
        out[key] = t(lang, `editor.error.${c.kind}` as Key);
        ok = false;
        return;
      }
      const prev = last[c.kind];
      if (prev !== undefined && ((c.kind === "clock" && n <= prev) || (c.kind === "money" && n < prev))) out[key] = t(lang, `editor.error.${c.kind}Order` as Key);
      last[c.kind] = n;
    });
    if (ok && seen.has(row[0])) out[`${f.name}.${i}.${cols[0].name}`] = t(lang, `editor.error.repeated.${cols[0].kind}` as Key);
    seen.add(row[0]);
  });
  return out;
}

/** keys are a field's texts' keys: "name.ru" and "name.uz", or "slug". */
function keys(f: FieldInfo): { key: string; part: "ru" | "uz" | "text" }[] {
  if (f.type === "refs" || f.type === "rows") return [];
  return f.translatable ? [{ key: `${f.name}.ru`, part: "ru" }, { key: `${f.name}.uz`, part: "uz" }] : [{ key: f.name, part: "text" }];
}

/**
 * formErrors are the form's problems found before it is sent, by field
 * key: the same checks the server makes (server/editorial Check).
 */
export function formErrors(lang: Lang, form: Form, values: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of form.fields) {
    if (f.type === "rows") Object.assign(out, checkRows(lang, f, values[f.name]?.rows ?? []));
    for (const { key, part } of keys(f)) {
      const s = values[f.name]?.[part] ?? "";
      // The slug the site uses now passes as it is, whatever its length (server/editorial Check).
      const kept = f.type === "slug" && form.liveSlug !== undefined && s.trim() === form.liveSlug;
      const msg = check(lang, f, s, kept ? 0 : minOf(f));
      if (msg) out[key] = msg;
      else if (f.upTo && f.upToMessage && exceeds(f, s.trim(), (values[f.upTo]?.text ?? "").trim())) out[key] = t(lang, f.upToMessage as Parameters<typeof t>[1]);
    }
  }
  return out;
}

