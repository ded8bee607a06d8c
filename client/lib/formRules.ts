// The form rules of SPEC §5, the same as server/formrule (both run the
// cases of shared/testdata/form_rules.json): required, email and min, and
// the default message of a value that fails one. Pure: no DOM, so goja runs
// it in client/client_test.go.
import { t, type Lang } from "./i18n";

/** emailPattern is server/formrule's pattern, character for character. */
const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** required fails for null, undefined, false, an empty or whitespace-only string and an empty array. */
export function required(v: unknown): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (typeof v === "string") return v.trim() !== "";
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** email passes an empty string and an address of the pattern. */
export function email(s: string): boolean {
  return s === "" || emailPattern.test(s);
}

/** min passes an empty string and one of at least n characters (code points, as Go counts runes). */
export function min(s: string, n: number): boolean {
  return s === "" || Array.from(s).length >= n;
}

/** Rule is a rule of a form field: its name and, for min, the count. */
export type Rule = { rule: "required" } | { rule: "email" } | { rule: "min"; arg: number };

/** check runs rule on v; a string rule given something else fails. */
export function check(rule: string, v: unknown, arg = 0): boolean {
  if (rule === "required") return required(v);
  const s = v === null || v === undefined ? "" : v;
  if (typeof s !== "string") return false;
  if (rule === "email") return email(s);
  if (rule === "min") return min(s, arg);
  throw new Error(`unknown form rule ${rule}`);
}

/** invalidMessage is the default message of field (its label in lang) failing a rule. */
export function invalidMessage(lang: Lang, field: string): string {
  return t(lang, "form.invalid", { field });
}

/**
 * validate checks values against each field's rules and returns the
 * message of each failing field, keyed by field name (empty when all pass).
 * A required field left empty says so ("form.required"); any other failure
 * has the default message. label gives a field's label in lang.
 */
export function validate(
  lang: Lang,
  values: Record<string, unknown>,
  rules: Record<string, Rule[]>,
  label: (field: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(rules)) {
    const failed = list.find((r) => !check(r.rule, values[field], "arg" in r ? r.arg : 0));
    if (!failed) continue;
    out[field] = failed.rule === "required" ? t(lang, "form.required", { field: label(field) }) : invalidMessage(lang, label(field));
  }
  return out;
}
