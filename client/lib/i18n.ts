// Dictionaries live in shared/i18n so the Go server reads the same keys.
import ru from "../../shared/i18n/ru.json";
import uz from "../../shared/i18n/uz.json";
import { hasOwn, lookupTable } from "./lookup";

export type Lang = "ru" | "uz";
export type Key = keyof typeof ru;

// Keys are built from data too (`clinic.tab.${tab}`): only a dictionary's
// own texts are found, never Object.prototype's members.
const dictionaries: Record<Lang, Readonly<Record<string, string | undefined>>> = { ru: lookupTable<string>(ru), uz: lookupTable<string>(uz) };

// A text with placeholders is split once into its literal parts and the
// names between them (literal, name, literal, ...): a RegExp replace over
// non-ASCII text on every call was most of t's cost on a Cyrillic page.
const placeholder = /\{(\w+)\}/;
const templates = new Map<string, string[]>();

function partsOf(text: string): string[] {
  let parts = templates.get(text);
  if (parts === undefined) {
    parts = text.split(placeholder);
    templates.set(text, parts);
  }
  return parts;
}

function fill(text: string, vars: Record<string, string | number>): string {
  const parts = partsOf(text);
  let s = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    s += (hasOwn(vars, name) ? String(vars[name]) : "{" + name + "}") + parts[i + 1];
  }
  return s;
}

function textOf(lang: Lang, key: Key): string {
  return dictionaries[lang][key] ?? dictionaries.ru[key] ?? key;
}

/** t returns the text of key in lang with {name} placeholders filled from vars. */
export function t(lang: Lang, key: Key, vars?: Record<string, string | number>): string {
  const text = textOf(lang, key);
  if (!vars || text.indexOf("{") < 0) return text;
  return fill(text, vars);
}

/**
 * t1 is t with one placeholder's value, without the object of vars that
 * goja would make for every card: t1(lang, key, "price", p) is
 * t(lang, key, { price: p }).
 */
export function t1(lang: Lang, key: Key, name: string, value: string | number): string {
  const text = textOf(lang, key);
  if (text.indexOf("{") < 0) return text;
  const parts = partsOf(text);
  let s = parts[0];
  for (let i = 1; i < parts.length; i += 2) s += (parts[i] === name ? String(value) : "{" + parts[i] + "}") + parts[i + 1];
  return s;
}

/**
 * plural picks the Russian plural form for n (1 врач, 2 врача, 5 врачей);
 * Uzbek keeps one form, so its dictionary repeats it.
 */
export function pluralForm(n: number): "one" | "few" | "many" {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return "one";
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return "few";
  return "many";
}

/** tn is t for a counted key family: base + ".one" | ".few" | ".many", with {n}. */
export function tn(lang: Lang, base: string, n: number): string {
  return t1(lang, `${base}.${pluralForm(n)}` as Key, "n", n);
}
