// VisitTypes are a doctor's visit types at one clinic, each to change or
// switch off, and a form for a new one: the clinic's desk (DeskBoard) and
// the editor (EditorVisitTypes) set them through the same form; the
// server checks every field again and words what is wrong.
import { useState } from "react";
import { t, type Key, type Lang } from "../lib/i18n";
import { clockMinutes, hhmm, weekdayName } from "../lib/date";
import { formatPrice } from "../lib/money";
import type { DeskVisitType, VisitTypeFields } from "../gen/desk";
import "./VisitTypes.css";

const kinds = ["first", "followup", "procedure", "test"] as const;
const audiences = ["all", "children", "adults"] as const;

/** blankType is what a new visit type's form starts from. */
export const blankType: VisitTypeFields = {
  kind: "first",
  nameRu: "",
  nameUz: "",
  slots: 1,
  price: 0,
  audience: "all",
  online: false,
  weekdays: 127,
  from: 0,
  until: 1440,
  active: true,
  position: 0,
};

export interface VisitTypesProps {
  lang: Lang;
  types: DeskVisitType[];
  /** slot is the doctor's slot at the clinic in minutes (0: no hours), which names a length's minutes. */
  slot: number;
  busy: boolean;
  onCreate: (f: VisitTypeFields) => void;
  onUpdate: (id: number, f: VisitTypeFields) => void;
}

/** VisitTypes lists the types with their length, price and audience, and edits them. */
export function VisitTypes({ lang, types, slot, busy, onCreate, onUpdate }: VisitTypesProps) {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <>
      <ul className="desk-types__list">
        {types.map((vt) => (
          <li key={vt.id} className={vt.active ? "" : "is-off"} data-type={vt.id}>
            {editing === vt.id ? (
              <TypeForm lang={lang} initial={fieldsOf(vt)} slot={slot} busy={busy} onCancel={() => setEditing(null)} onSave={(f) => onUpdate(vt.id, f)} />
            ) : (
              <>
                <span className="desk-types__name">
                  <strong>{lang === "uz" ? vt.nameUz : vt.nameRu}</strong> · {t(lang, `desk.type.kind.${vt.kind}` as Key)} · {t(lang, "desk.type.minutes", { n: vt.minutes })} ·{" "}
                  {formatPrice(vt.price, lang)} · {t(lang, `desk.type.audience.${vt.audience}` as Key)}
                  {vt.online && <> · <span data-online>{t(lang, "desk.online")}</span></>}
                  {!vt.active && <> · {t(lang, "desk.type.inactive")}</>}
                </span>
                <button type="button" className="button button--small button--outline" disabled={busy} onClick={() => setEditing(vt.id)}>
                  {t(lang, "desk.type.edit")}
                </button>
                <button type="button" className="button button--small button--outline" data-action={vt.active ? "deactivate" : "activate"} disabled={busy} onClick={() => onUpdate(vt.id, { ...fieldsOf(vt), active: !vt.active })}>
                  {t(lang, vt.active ? "desk.type.deactivate" : "desk.type.activate")}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <TypeForm lang={lang} initial={{ ...blankType, position: types.length }} slot={slot} busy={busy} onCancel={() => setEditing(null)} onSave={onCreate} />
      ) : (
        <button type="button" className="button" data-action="add-type" disabled={busy} onClick={() => setEditing("new")}>
          {t(lang, "desk.type.add")}
        </button>
      )}
    </>
  );
}

/** fieldsOf is what the desk sets of a visit type (without its id and length). */
export function fieldsOf(vt: DeskVisitType): VisitTypeFields {
  const { id: _id, minutes: _minutes, ...f } = vt;
  return f;
}

/** TypeForm edits one visit type; the server checks it again and says what is wrong. */
function TypeForm({ lang, initial, slot, busy, onSave, onCancel }: { lang: Lang; initial: VisitTypeFields; slot: number; busy: boolean; onSave: (f: VisitTypeFields) => void; onCancel: () => void }) {
  const [f, setF] = useState<VisitTypeFields>(initial);
  const [from, setFrom] = useState(hhmm(f.from));
  const [until, setUntil] = useState(f.until >= 1440 ? "23:59" : hhmm(f.until));
  const names = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"].map((d) => weekdayName(d, lang));
  const set = (patch: Partial<VisitTypeFields>) => setF({ ...f, ...patch });
  return (
    <form
      className="desk-form desk-type-form"
      onSubmit={(e) => {
        e.preventDefault();
        const end = clockMinutes(until);
        onSave({ ...f, from: clockMinutes(from), until: end >= 1439 ? 1440 : end });
      }}
    >
      <label className="desk-field">
        <span>{t(lang, "desk.type.kind")}</span>
        <select name="kind" value={f.kind} onChange={(e) => set({ kind: e.target.value as VisitTypeFields["kind"] })}>
          {kinds.map((k) => (
            <option key={k} value={k}>{t(lang, `desk.type.kind.${k}` as Key)}</option>
          ))}
        </select>
      </label>
      <label className="desk-field desk-field--grow">
        <span>{t(lang, "desk.type.nameRu")}</span>
        <input name="nameRu" value={f.nameRu} maxLength={80} required onChange={(e) => set({ nameRu: e.target.value })} />
      </label>
      <label className="desk-field desk-field--grow">
        <span>{t(lang, "desk.type.nameUz")}</span>
        <input name="nameUz" value={f.nameUz} maxLength={80} required onChange={(e) => set({ nameUz: e.target.value })} />
      </label>
      <label className="desk-field">
        <span>{t(lang, "desk.type.slots")}</span>
        <select name="slots" value={f.slots} onChange={(e) => set({ slots: Number(e.target.value) })}>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
            <option key={n} value={n}>{slot > 0 ? `${n} × ${slot} = ${t(lang, "desk.type.minutes", { n: n * slot })}` : n}</option>
          ))}
        </select>
      </label>
      <label className="desk-field">
        <span>{t(lang, "desk.type.price")}</span>
        <input name="price" type="number" min={0} step={1000} value={f.price} onChange={(e) => set({ price: Number(e.target.value) })} />
      </label>
      <label className="desk-field">
        <span>{t(lang, "desk.type.audience")}</span>
        <select name="audience" value={f.audience} onChange={(e) => set({ audience: e.target.value as VisitTypeFields["audience"] })}>
          {audiences.map((a) => (
            <option key={a} value={a}>{t(lang, `desk.type.audience.${a}` as Key)}</option>
          ))}
        </select>
      </label>
      <fieldset className="desk-type-form__days">
        <legend>{t(lang, "desk.type.days")}</legend>
        {names.map((n, i) => (
          <label key={n}>
            <input type="checkbox" checked={(f.weekdays & (1 << i)) !== 0} onChange={(e) => set({ weekdays: e.target.checked ? f.weekdays | (1 << i) : f.weekdays & ~(1 << i) })} /> {n}
          </label>
        ))}
      </fieldset>
      <label className="desk-field desk-field--time">
        <span>{t(lang, "desk.type.from")}</span>
        <input name="from" type="time" value={from} step={300} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="desk-field desk-field--time">
        <span>{t(lang, "desk.type.until")}</span>
        <input name="until" type="time" value={until} step={60} onChange={(e) => setUntil(e.target.value)} />
      </label>
      <label className="desk-field">
        <span>
          <input name="online" type="checkbox" checked={f.online} onChange={(e) => set({ online: e.target.checked })} /> {t(lang, "desk.type.online")}
        </span>
      </label>
      <button className="button" type="submit" disabled={busy}>
        {t(lang, "desk.type.save")}
      </button>
      <button className="button button--outline" type="button" disabled={busy} onClick={onCancel}>
        {t(lang, "desk.dayOffNo")}
      </button>
    </form>
  );
}
