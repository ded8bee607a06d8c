import { useEffect, useRef, useState } from "react";
import { t, type Key, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { imageURL } from "../lib/picture";
import type { FieldInfo, Form, Uploaded, Value, Values } from "../gen/editorial";
import "./EditorForm.css";
import { toast } from "../lib/toast";

export interface EditorFormProps {
  lang: Lang;
  form: Form;
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const imagePattern = /^[0-9a-f]{64}$/;
// httpsPattern mirrors server/editorial's (the clinics.website CHECK).
const httpsPattern = /^https:\/\/[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:[0-9]+)?(\/\S*)?$/;

/**
 * check applies the server's format rules (server/editorial Check) to
 * one text: length, slug, image and https form. Empty text passes: a draft may
 * be unfinished, publishing checks the required fields.
 */
function check(lang: Lang, f: FieldInfo, s: string, min: number): string {
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
const inputType: Partial<Record<FieldInfo["type"], string>> = { url: "url", date: "date" };

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

function minutes(s: string): number {
  return Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
}

/** cellValue reads a cell of kind as a number (NaN: not of its kind), as server/editorial parseCell. */
function cellValue(kind: string, s: string): number {
  switch (kind) {
    case "weekday":
      return /^[1-7]$/.test(s) ? Number(s) : NaN;
    case "clock":
      return clockPattern.test(s) ? minutes(s) : NaN;
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
function formErrors(lang: Lang, form: Form, values: Values): Record<string, string> {
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

interface EditorActionsProps {
  lang: Lang;
  busy: boolean;
  form: Form;
  at: string;
  onAt: (at: string) => void;
  onPublish: () => void;
  onDiscard: () => void;
  onRemove: () => void;
}

/** EditorActions are the form's buttons: save, publish now or at a time, discard the draft, delete (asked twice). */
function EditorActions({ lang, busy, form, at, onAt, onPublish, onDiscard, onRemove }: EditorActionsProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <div className="editor-form__actions">
      <button type="submit" className="button" disabled={busy} data-action="save">
        {t(lang, "editor.saveDraft")}
      </button>
      <label>
        {t(lang, "editor.scheduleAt")} <input type="datetime-local" name="at" value={at} onChange={(e) => onAt(e.target.value)} />
      </label>
      <button type="button" className="button" disabled={busy || !form.hasDraft} onClick={onPublish} data-action="publish">
        {t(lang, at ? "editor.schedule" : "editor.publish")}
      </button>
      {form.hasDraft && (
        <button type="button" className="button button--outline" disabled={busy} onClick={onDiscard} data-action="discard">
          {t(lang, "editor.discard")}
        </button>
      )}
      {form.canDelete &&
        (confirmDelete ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onRemove} data-action="delete-confirm">
            {t(lang, "editor.deleteConfirm")}
          </button>
        ) : (
          <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirmDelete(true)} data-action="delete">
            {t(lang, "editor.delete")}
          </button>
        ))}
    </div>
  );
}

/**
 * EditorForm edits one entity: each field with Russian and Uzbek side by
 * side and its error beside it, the draft saved through the API, the
 * preview of both languages at phone and desktop widths, publishing (now
 * or at a time), and the history with restore.
 */
export default function EditorForm(p: EditorFormProps) {
  const { lang } = p;
  const rootRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(p.form);
  const [values, setValues] = useState<Values>(p.form.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [at, setAt] = useState("");
  const [slugNote, setSlugNote] = useState("");
  const [previewKey, setPreviewKey] = useState(0);
  useEffect(() => markReady(rootRef.current), []);

  const api = `/api/editor/${form.kind}/${form.id}`;
  const set = (name: string, v: Value) => setValues((old) => ({ ...old, [name]: v }));

  async function send<T>(method: string, path: string, body?: unknown) {
    setBusy(true);
    setError("");
    const answer = await callApi<T>(method, `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, body, t(lang, "form.networkError"));
    setBusy(false);
    if (answer.status < 200 || answer.status >= 300) {
      toast(answer.error ?? t(lang, "form.networkError"), "error");
      setErrors(answer.fields ?? {});
    }
    return answer;
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const local = formErrors(lang, form, values);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setError(t(lang, "form.fix"));
      return;
    }
    const answer = await send<Form>("PUT", `${api}/draft`, values);
    if (answer.data) {
      setForm(answer.data);
      setValues(answer.data.values);
      setErrors({});
      toast(t(lang, "editor.saved"));
      setPreviewKey((k) => k + 1);
    }
  }

  async function reload() {
    const answer = await send<Form>("GET", api);
    if (answer.data) {
      setForm(answer.data);
      setValues(answer.data.values);
    }
  }

  async function publish() {
    const answer = await send<unknown>("POST", `${api}/publish`, at ? { at: new Date(`${at}:00+05:00`).toISOString() } : {});
    if (answer.status === 200) {
      await reload();
      toast(t(lang, at ? "editor.scheduled" : "editor.published"));
    }
  }

  async function remove() {
    const answer = await send<unknown>("DELETE", api);
    if (answer.status === 204) window.location.assign(`${window.location.pathname}?kind=${encodeURIComponent(form.kind)}`);
  }

  async function discard() {
    const answer = await send<unknown>("DELETE", `${api}/draft`);
    if (answer.status === 204) window.location.reload();
  }

  async function restore(rev: number) {
    const answer = await send<Form>("POST", `${api}/restore/${rev}`);
    if (answer.data) {
      setForm(answer.data);
      setValues(answer.data.values);
      toast(t(lang, "editor.saved"));
      setPreviewKey((k) => k + 1);
    }
  }

  async function proposeSlug(f: FieldInfo) {
    const name = values.name?.ru ?? "";
    const q = new URLSearchParams({ kind: form.kind, id: String(form.id), name });
    const answer = await send<{ slug: string; taken: boolean }>("GET", `/api/editor/slug?${q}`);
    if (answer.data) {
      set(f.name, { text: answer.data.slug });
      setSlugNote(answer.data.taken ? t(lang, "editor.error.slugTaken") : t(lang, "editor.slugFree"));
    }
  }

  return (
    <form className="editor-form" ref={rootRef} onSubmit={save} noValidate>
      <div className="editor-form__columns" aria-hidden="true">
        <span />
        <span>{t(lang, "editor.column.ru")}</span>
        <span>{t(lang, "editor.column.uz")}</span>
      </div>
      {form.fields.map((f) => (
        <FieldRow key={f.name} f={f} lang={lang} value={values[f.name] ?? {}} errors={errors} onChange={(v) => set(f.name, v)} onPropose={() => proposeSlug(f)} slugNote={slugNote} />
      ))}
      {form.missing.length > 0 && (
        <p className="editor-form__missing" data-missing="">
          {t(lang, "editor.missingList", { fields: form.missing.join(", ") })}
        </p>
      )}
      {error && (
        <p className="editor-form__error" role="alert">
          {error}
        </p>
      )}
      <EditorActions lang={lang} busy={busy} form={form} at={at} onAt={setAt} onPublish={publish} onDiscard={discard} onRemove={remove} />
      {form.preview && <Preview key={previewKey} lang={lang} links={form.preview} />}
      <History lang={lang} form={form} busy={busy} onRestore={restore} />
    </form>
  );
}

interface FieldRowProps {
  f: FieldInfo;
  lang: Lang;
  value: Value;
  errors: Record<string, string>;
  onChange: (v: Value) => void;
  onPropose: () => void;
  slugNote: string;
}

/** FieldRow is one field: its label, its input(s), each error next to its input. */
function FieldRow({ f, lang, value, errors, onChange, onPropose, slugNote }: FieldRowProps) {
  const label = (
    <>
      {f.label}
      {f.required && <span className="editor-form__required"> ({t(lang, "editor.required")})</span>}
    </>
  );
  if (f.type === "rows") return <RowsField f={f} lang={lang} rows={value.rows ?? []} errors={errors} onChange={(rows) => onChange({ rows })} label={label} />;
  if (f.type === "refs") {
    const ids = value.ids ?? [];
    return (
      <fieldset className="editor-form__refs" data-field={f.name}>
        <legend>{label}</legend>
        <div className="editor-form__options">
          {(f.options ?? []).map((o) => (
            <label key={o.id}>
              <input
                type="checkbox"
                name={f.name}
                value={o.id}
                checked={ids.includes(o.id)}
                onChange={(e) => onChange({ ids: e.target.checked ? [...ids, o.id].sort((a, b) => a - b) : ids.filter((id) => id !== o.id) })}
              />{" "}
              {o.name}
            </label>
          ))}
        </div>
        {errors[f.name] && <p className="editor-form__field-error">{errors[f.name]}</p>}
      </fieldset>
    );
  }
  const input = (key: string, part: "ru" | "uz" | "text", langAttr?: string) => {
    const id = `editor-${key.replace(".", "-")}`;
    const err = errors[key];
    const common = {
      id,
      name: key,
      lang: langAttr,
      value: value[part] ?? "",
      "aria-invalid": err ? true : undefined,
      "aria-describedby": err ? `${id}-error` : undefined,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ ...value, [part]: e.target.value }),
    };
    // A picture's field is its hash: kept, not typed (the upload beside it
    // fills it and shows the picture), so no 64-hex box (issue 34 item 9).
    if (f.type === "image") return <input type="hidden" id={id} name={key} value={value[part] ?? ""} />;
    return (
      <div className="editor-form__cell">
        <label htmlFor={id} className={part === "text" ? "" : "visually-hidden"}>
          {f.label}
          {part !== "text" && ` (${t(lang, part === "ru" ? "editor.lang.ru" : "editor.lang.uz")})`}
        </label>
        {f.type === "richtext" || f.type === "longtext" ? <textarea rows={6} {...common} /> : <input type={inputType[f.type] ?? "text"} inputMode={f.type === "price" ? "numeric" : undefined} {...common} />}
        {err && (
          <p className="editor-form__field-error" id={`${id}-error`}>
            {err}
          </p>
        )}
      </div>
    );
  };
  if (f.translatable) {
    return (
      <div className="editor-form__row" data-field={f.name}>
        <span className="editor-form__label">{label}</span>
        {input(`${f.name}.ru`, "ru", "ru")}
        {input(`${f.name}.uz`, "uz", "uz")}
      </div>
    );
  }
  return (
    <div className="editor-form__row editor-form__row--single" data-field={f.name}>
      <span className="editor-form__label">{label}</span>
      {input(f.name, "text")}
      {f.type === "image" && f.use && <ImageUpload lang={lang} use={f.use} hash={value.text ?? ""} onHash={(hash) => onChange({ text: hash })} />}
      {f.type === "slug" && (
        <div className="editor-form__cell">
          <button type="button" className="button button--outline" onClick={onPropose} data-action="propose-slug">
            {t(lang, "editor.proposeSlug")}
          </button>
          {slugNote && <p role="status">{slugNote}</p>}
        </div>
      )}
    </div>
  );
}

interface RowsFieldProps {
  f: FieldInfo;
  lang: Lang;
  rows: string[][];
  errors: Record<string, string>;
  onChange: (rows: string[][]) => void;
  label: React.ReactNode;
}

/** RowsField edits a list of rows (a clinic's hours) as a table: a row per line, add and remove. */
function RowsField({ f, lang, rows, errors, onChange, label }: RowsFieldProps) {
  const cols = f.columns ?? [];
  const setCell = (i: number, j: number, s: string) => onChange(rows.map((r, k) => (k === i ? r.map((c, m) => (m === j ? s : c)) : r)));
  // A new row: the next weekday, a choice not taken yet, 09:00-18:00, no price.
  const blank = () =>
    cols.map((c) => {
      if (c.kind === "weekday") return String(Math.min(7, rows.length + 1));
      if (c.kind === "ref") return String((c.options ?? []).find((o) => !rows.some((r) => r[0] === String(o.id)))?.id ?? "");
      if (c.kind === "clock") return c.name === "opens" ? "09:00" : "18:00";
      return "";
    });
  return (
    <fieldset className="editor-form__rows" data-field={f.name}>
      <legend>{label}</legend>
      <table>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.name} scope="col">
                {c.label}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} data-row={i}>
              {cols.map((c, j) => {
                const key = `${f.name}.${i}.${c.name}`;
                const id = `editor-${key.replace(/\./g, "-")}`;
                const err = errors[key];
                const common = {
                  id,
                  name: key,
                  "aria-label": `${c.label} ${i + 1}`,
                  "aria-invalid": err ? true : undefined,
                  "aria-describedby": err ? `${id}-error` : undefined,
                };
                return (
                  <td key={c.name}>
                    {c.kind === "weekday" || c.kind === "ref" ? (
                      <select {...common} value={row[j] ?? ""} onChange={(e) => setCell(i, j, e.target.value)}>
                        {c.kind === "weekday"
                          ? [1, 2, 3, 4, 5, 6, 7].map((d) => (
                              <option key={d} value={String(d)}>
                                {t(lang, `weekday.${d}` as Key)}
                              </option>
                            ))
                          : (c.options ?? []).map((o) => (
                              <option key={o.id} value={String(o.id)}>
                                {o.name}
                              </option>
                            ))}
                      </select>
                    ) : (
                      <input {...common} type="text" inputMode="numeric" placeholder={c.kind === "clock" ? "09:00" : ""} value={row[j] ?? ""} onChange={(e) => setCell(i, j, e.target.value)} />
                    )}
                    {err && (
                      <p className="editor-form__field-error" id={`${id}-error`}>
                        {err}
                      </p>
                    )}
                  </td>
                );
              })}
              <td>
                <button type="button" className="button button--outline" onClick={() => onChange(rows.filter((_, k) => k !== i))} data-action="remove-row">
                  {t(lang, "editor.rows.remove", { n: i + 1 })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors[f.name] && <p className="editor-form__field-error">{errors[f.name]}</p>}
      <button type="button" className="button button--outline" onClick={() => onChange([...rows, blank()])} data-action="add-row">
        {t(lang, "editor.rows.add")}
      </button>
    </fieldset>
  );
}

/**
 * ImageUpload sends a picture through the image pipeline
 * (POST /api/editor/images?use=) and puts its hash in the field; the
 * field's thumbnail shows what is chosen.
 */
function ImageUpload({ lang, use, hash, onHash }: { lang: Lang; use: string; hash: string; onHash: (hash: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function upload(file: File) {
    setBusy(true);
    setError("");
    try {
      const res = await fetch(`/api/editor/images?use=${encodeURIComponent(use)}&lang=${lang}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": file.type || "application/octet-stream", Accept: "application/json" },
        body: file,
      });
      const json = (await res.json().catch(() => ({}))) as { data?: Uploaded; error?: string };
      if (res.ok && json.data) onHash(json.data.hash);
      else setError(json.error ?? t(lang, "form.networkError"));
    } catch {
      setError(t(lang, "form.networkError"));
    }
    setBusy(false);
  }
  return (
    <div className="editor-form__cell editor-form__upload">
      {imagePattern.test(hash) ? <img src={imageURL(hash, "thumb", 1)} alt="" width={96} height={96} /> : <p className="editor-form__note">{t(lang, "editor.noPicture")}</p>}
      <label>
        {t(lang, "editor.upload")}{" "}
        <input type="file" accept="image/jpeg,image/png,image/webp" disabled={busy} onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
      </label>
      {imagePattern.test(hash) && (
        <button type="button" className="button button--outline" onClick={() => onHash("")}>
          {t(lang, "editor.removePicture")}
        </button>
      )}
      {error && <p className="editor-form__field-error" role="alert">{error}</p>}
    </div>
  );
}

/** Preview shows the draft's page in both languages, at phone and desktop widths. */
function Preview({ lang, links }: { lang: Lang; links: Record<string, string> }) {
  const langs: ("ru" | "uz")[] = ["ru", "uz"];
  return (
    <section className="editor-preview" aria-label={t(lang, "editor.preview")}>
      <h2>{t(lang, "editor.preview")}</h2>
      <p>
        {t(lang, "editor.previewLink")}:{" "}
        <a href={links[lang]} target="_blank" rel="noreferrer" data-preview-link="">
          {links[lang]}
        </a>
      </p>
      <div className="editor-preview__grid">
        {langs.map((l) => (
          <div key={l} className="editor-preview__lang">
            <h3>{t(lang, l === "ru" ? "editor.column.ru" : "editor.column.uz")}</h3>
            <div className="editor-preview__frames">
              {/* Real widths (375 and 1280 px) drawn smaller, so both languages fit the editor's screen side by side. */}
              <div className="editor-preview__box editor-preview__box--phone">
                <iframe src={links[l]} title={`${t(lang, "editor.preview")}: ${l}, ${t(lang, "editor.previewPhone")}`} className="editor-preview__phone" data-preview-frame={`${l}-phone`} />
              </div>
              <div className="editor-preview__box editor-preview__box--desktop">
                <iframe src={links[l]} title={`${t(lang, "editor.preview")}: ${l}, ${t(lang, "editor.previewDesktop")}`} className="editor-preview__desktop" data-preview-frame={`${l}-desktop`} />
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** History lists the revisions with what each changed, and restore. */
function History({ lang, form, busy, onRestore }: { lang: Lang; form: Form; busy: boolean; onRestore: (rev: number) => void }) {
  return (
    <section className="editor-history" aria-label={t(lang, "editor.history")}>
      <h2>{t(lang, "editor.history")}</h2>
      {form.revisions.length === 0 ? (
        <p>{t(lang, "editor.noHistory")}</p>
      ) : (
        <ol className="editor-history__list">
          {form.revisions.map((r) => (
            <li key={r.id} data-revision={r.id} data-state={r.state}>
              <p>
                #{r.id}, {r.author || t(lang, "editor.deletedAuthor")},{" "}
                {r.state === "published"
                  ? t(lang, "editor.state.published", { at: r.publishedAt ?? "" })
                  : r.state === "scheduled"
                    ? t(lang, "editor.state.scheduled", { at: r.publishAt ?? "" })
                    : t(lang, "editor.state.draft")}
              </p>
              {r.changes.length > 0 && (
                <table className="editor-history__diff">
                  <tbody>
                    {r.changes.map((c, i) => (
                      <tr key={i}>
                        <th scope="row">
                          {form.fields.find((f) => f.name === c.field)?.label ?? c.field}
                          {c.lang && ` (${t(lang, c.lang === "uz" ? "editor.lang.uz" : "editor.lang.ru")})`}
                        </th>
                        <td>
                          <del>{c.from}</del>
                        </td>
                        <td>
                          <ins>{c.to}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {r.state === "published" && (
                <button type="button" className="button button--outline" disabled={busy} onClick={() => onRestore(r.id)} data-action="restore">
                  {t(lang, "editor.restore")}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
