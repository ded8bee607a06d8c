// The editors' workspace, /editor (route access "session": rendered per
// request, never cached, noindex). server/editorial loads it: the kinds,
// the list of the chosen kind (search and the drafts filter work as a
// plain GET form), and the opened entity's form, an island that saves
// drafts, shows the ru/uz preview and publishes.
import { t } from "../lib/i18n";
import { PageHead } from "../components/PageHead";
import { EditorCreate, EditorForm, EditorRedirects, EditorRoles, EditorVisitTypes } from "../components/islands";
import type { EditorPage } from "../gen/editorial";
import type { RenderProps } from "../types";
import "./Editor.css";

/** Editor is /editor; a signed-in user without the role is told so. */
export function Editor(props: RenderProps<EditorPage>) {
  const { lang, data } = props;
  const base = lang === "uz" ? "/uz/editor" : "/editor";
  // goja has no URLSearchParams: the query is joined by hand.
  const listHref = (extra: Record<string, string>) => {
    const q: Record<string, string> = { kind: data.kind, ...(data.query ? { q: data.query } : {}), ...(data.drafts ? { drafts: "1" } : {}), ...extra };
    return `${base}?${Object.entries(q)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join("&")}`;
  };
  return (
    <>
      <PageHead title={`${t(lang, "editor.title")} | ${t(lang, "site.name")}`} description={t(lang, "editor.title")} url={props.url} noindex />
      <section className="editor">
        <h1 className="page-title">{t(lang, "editor.title")}</h1>
        {!data.allowed ? (
          <p className="editor__denied">{t(lang, "editor.notEditor")}</p>
        ) : (
          <>
            <nav className="editor__kinds" aria-label={t(lang, "editor.kinds")}>
              {data.kinds.map((k) => (
                <a key={k.name} href={`${base}?kind=${k.name}`} aria-current={k.name === data.kind ? "page" : undefined}>
                  {k.label}
                </a>
              ))}
            </nav>
            {data.redirects ? (
              <EditorRedirects lang={lang} table={data.kind} rows={data.redirects} />
            ) : (
              <div className="editor__body">
                <div className="editor__list">
                  <form method="get" action={base} className="editor__search" role="search">
                    <input type="hidden" name="kind" value={data.kind} />
                    <label>
                      <span className="visually-hidden">{t(lang, "editor.search")}</span>
                      <input type="search" name="q" defaultValue={data.query} placeholder={t(lang, "editor.search")} />
                    </label>
                    <label className="editor__drafts">
                      <input type="checkbox" name="drafts" value="1" defaultChecked={data.drafts} /> {t(lang, "editor.draftsOnly")}
                    </label>
                    <button type="submit" className="button button--outline">
                      {t(lang, "editor.searchButton")}
                    </button>
                  </form>
                  {data.canCreate && <EditorCreate lang={lang} kind={data.kind} editorPath={base} />}
                  {data.items.length === 0 ? (
                    <p>{t(lang, "editor.empty")}</p>
                  ) : (
                    <ul className="editor__items">
                      {data.items.map((item) => (
                        <li key={item.id}>
                          <a href={listHref({ id: String(item.id) })} aria-current={data.form?.id === item.id ? "page" : undefined} data-entity={item.slug}>
                            {item.title || t(lang, "editor.untitled")}
                          </a>
                          {item.detail && <span className="editor__detail">{item.detail}</span>}
                          {item.draft && <span className="editor__badge"> {t(lang, "editor.hasDraft")}</span>}
                        </li>
                      ))}
                    </ul>
                )}
              </div>
              <div className="editor__main">
                {data.form ? <EditorForm lang={lang} form={data.form} /> : <p>{t(lang, "editor.chooseEntity")}</p>}
                {data.form && data.kind === "doctor" && <EditorVisitTypes lang={lang} doctorId={data.form.id} />}
              </div>
            </div>
            )}
            {data.admin && <EditorRoles lang={lang} grants={data.grants} />}
          </>
        )}
      </section>
    </>
  );
}
