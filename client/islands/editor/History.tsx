import { t, type Lang } from "../../lib/i18n";
import type { Form } from "../../gen/editorial";

/** Preview shows the draft's page in both languages, at phone and desktop widths. */
export function Preview({ lang, links }: { lang: Lang; links: Record<string, string> }) {
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
export function History({ lang, form, busy, onRestore }: { lang: Lang; form: Form; busy: boolean; onRestore: (rev: number) => void }) {
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
