import type { ReactNode } from "react";
import { t, type Key, type Lang } from "../lib/i18n";
import limits from "../../shared/limits.json";
import type { Relative, RelativeInput } from "../gen/account";

/** relations are the kinds a relative may be, in the order offered. */
export const relations: RelativeInput["relation"][] = ["child", "parent", "spouse", "sibling", "other"];

/** relationLabel is a relation's name in lang. */
export const relationLabel = (lang: Lang, r: RelativeInput["relation"]) => t(lang, `relation.${r}` as Key);

/** describeRelative is a saved relative as a list reads: name, relation, birth date (DD.MM.YYYY). */
export function describeRelative(lang: Lang, r: Relative): string {
  return `${r.name} · ${relationLabel(lang, r.relation)}, ${r.birthDate.split("-").reverse().join(".")}`;
}

/** emptyRelative is a blank form: a child, the commonest case. */
export const emptyRelative = (): RelativeInput => ({ name: "", birthDate: "", relation: "child" });

interface RelativeFieldsProps {
  lang: Lang;
  /** idPrefix makes the inputs' ids ({idPrefix}-name, -birth-date, -relation). */
  idPrefix: string;
  value: RelativeInput;
  onChange: (v: RelativeInput) => void;
  /** fields are the server's messages by field (name, birthDate, relation). */
  fields: Record<string, string>;
  /** today (YYYY-MM-DD) is the latest birth date. */
  today?: string;
}

/** RelativeFields are the inputs of a relative: name, birth date and relation. */
export function RelativeFields({ lang, idPrefix, value, onChange, fields, today }: RelativeFieldsProps) {
  const field = (name: keyof RelativeInput, suffix: string, label: Key, input: (a: Record<string, unknown>) => ReactNode) => {
    const id = `${idPrefix}-${suffix}`;
    const err = fields[name];
    const aria = { id, "aria-invalid": err ? true : undefined, "aria-describedby": err ? `${id}-error` : undefined };
    return (
      <div className="account-form__field">
        <label htmlFor={id}>{t(lang, label)}</label>
        {input(aria)}
        {err && <p id={`${id}-error`} className="account-form__field-error">{err}</p>}
      </div>
    );
  };
  const set = (patch: Partial<RelativeInput>) => onChange({ ...value, ...patch });
  return (
    <>
      {field("name", "name", "relatives.name", (a) => (
        <input {...a} name="name" value={value.name} maxLength={limits.patientNameMax} autoComplete="off" onChange={(e) => set({ name: e.target.value })} />
      ))}
      {field("birthDate", "birth-date", "relatives.birthDate", (a) => (
        <input {...a} name="birthDate" type="date" max={today} value={value.birthDate} onChange={(e) => set({ birthDate: e.target.value })} />
      ))}
      {field("relation", "relation", "relatives.relation", (a) => (
        <select {...a} name="relation" value={value.relation} onChange={(e) => set({ relation: e.target.value as RelativeInput["relation"] })}>
          {relations.map((r) => (
            <option key={r} value={r}>{relationLabel(lang, r)}</option>
          ))}
        </select>
      ))}
    </>
  );
}
