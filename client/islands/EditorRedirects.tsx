import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import type { RedirectRow } from "../gen/editorial";
import "./EditorRedirects.css";
import { toast } from "../lib/toast";

export interface EditorRedirectsProps {
  lang: Lang;
  /** table is "redirects" (the SEO redirects) or "rules" (the route rules). */
  table: string;
  rows: RedirectRow[];
}

/**
 * EditorRedirects keeps a redirect table: its rows, a form adding one (or
 * moving an existing source), and removal. The server refuses a path that
 * is not a plain path of the site, a redirect to itself, a cut-off
 * (suspicious) one, a source where a live page answers and one that closes
 * a cycle, each beside its field. A change is in effect on every server
 * once the answer comes.
 */
export default function EditorRedirects({ lang, table, rows: initial }: EditorRedirectsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState(initial);
  const [source, setSource] = useState("");
  const [target, setTarget] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => markReady(ref.current), []);
  const api = `/api/editor/redirects/${table}`;

  async function call(method: string, path: string, body?: unknown): Promise<boolean> {
    setBusy(true);
    const answer = await callApi<unknown>(method, `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, body, t(lang, "form.networkError"));
    setBusy(false);
    if (answer.status === 204) {
      setErrors({});
      const list = await callApi<RedirectRow[]>("GET", `${api}?lang=${lang}`, undefined, t(lang, "form.networkError"));
      if (list.data) setRows(list.data);
      toast(t(lang, "editor.redirect.saved"));
      return true;
    }
    setErrors(answer.fields ?? {});
    toast(answer.error ?? t(lang, "form.networkError"), "error");
    return false;
  }

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (await call("PUT", api, { source, target })) {
      setSource("");
      setTarget("");
    }
  }

  const field = (name: "source" | "target", value: string, set: (s: string) => void) => (
    <label className="editor-redirects__field">
      {t(lang, `editor.redirect.${name}`)}
      <input
        type="text"
        name={name}
        value={value}
        placeholder="/"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `redirect-${name}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errors[name] && (
        <span className="editor-form__field-error" id={`redirect-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </label>
  );

  return (
    <div ref={ref} className="editor-redirects">
      <form onSubmit={add} noValidate className="editor-redirects__add">
        {field("source", source, setSource)}
        {field("target", target, setTarget)}
        <button type="submit" className="button" disabled={busy} data-action="add-redirect">
          {t(lang, "editor.redirect.add")}
        </button>
      </form>
      {rows.length === 0 ? (
        <p>{t(lang, "editor.redirect.empty")}</p>
      ) : (
        <table className="editor-redirects__table">
          <thead>
            <tr>
              <th scope="col">{t(lang, "editor.redirect.source")}</th>
              <th scope="col">{t(lang, "editor.redirect.target")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.source} data-source={r.source}>
                <td>{r.source}</td>
                <td>{r.target}</td>
                <td>
                  <button type="button" className="button button--outline" disabled={busy} onClick={() => void call("DELETE", `${api}?source=${encodeURIComponent(r.source)}`)}>
                    {t(lang, "editor.redirect.remove", { source: r.source })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
