import { useState } from "react";
import { t, type Key, type Lang } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import { imageURL } from "../../lib/picture";
import type { FieldInfo, Uploaded, Value } from "../../gen/editorial";
import { imagePattern, inputType } from "./validate";

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
export function FieldRow({ f, lang, value, errors, onChange, onPropose, slugNote }: FieldRowProps) {
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

