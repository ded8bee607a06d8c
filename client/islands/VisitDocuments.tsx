import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import type { Document, VisitDocuments as Docs } from "../gen/documents";
import limits from "../../shared/limits.json";
import "./VisitDocuments.css";

export interface VisitDocumentsProps {
  lang: Lang;
  docs: Docs;
}

/** kindLabel is a document kind's name. */
function kindLabel(lang: Lang, kind: Document["kind"]): string {
  return t(lang, kind === "referral" ? "documents.kind.referral" : "documents.kind.result");
}

/** sizeLabel writes a size in KB or MB, one decimal at most. */
function sizeLabel(n: number): string {
  return n >= 1 << 20 ? `${Math.round((n / (1 << 20)) * 10) / 10} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

/** The links are signed for documentLinkMinutes; a minute less is fresh. */
const freshMs = (limits.documentLinkMinutes - 1) * 60_000;

/**
 * VisitDocuments is a visit's documents on /history/{id}: the list, each
 * opening through its signed link, and a form attaching a referral or a
 * test result. The form is a plain multipart form that works without
 * JavaScript (the server sends the browser back here); hydrated, it is
 * sent by fetch, refusals show beside it, and each document gets a delete
 * button. A link older than it lasts is fetched anew before it opens.
 */
export default function VisitDocuments({ lang, docs }: VisitDocumentsProps) {
  const rootRef = useRef<HTMLElement>(null);
  const [list, setList] = useState<Document[]>(docs.documents);
  const [canAttach, setCanAttach] = useState(docs.canAttach);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const loaded = useRef(0);
  useEffect(() => {
    loaded.current = Date.now();
    setReady(true);
    markReady(rootRef.current);
  }, []);

  async function refresh(): Promise<Document[] | null> {
    try {
      const res = await fetch(`/api/documents?booking=${docs.bookingId}&lang=${lang}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
      const json = await res.json();
      if (!res.ok) {
        setError(json.error ?? t(lang, "documents.failed"));
        return null;
      }
      loaded.current = Date.now();
      setList(json.data.documents);
      setCanAttach(json.data.canAttach);
      return json.data.documents;
    } catch {
      setError(t(lang, "documents.failed"));
      return null;
    }
  }

  async function open(e: MouseEvent<HTMLAnchorElement>, id: number) {
    if (Date.now() - loaded.current < freshMs) return;
    e.preventDefault();
    const fresh = await refresh();
    const doc = fresh?.find((d) => d.id === id);
    if (doc) window.location.assign(doc.url);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
    setError("");
    if (!file) {
      setError(t(lang, "documents.error.empty"));
      return;
    }
    if (file.size > docs.maxBytes) {
      setError(t(lang, "documents.error.tooLarge", { mb: Math.floor(docs.maxBytes / (1 << 20)) }));
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(`/api/documents?lang=${lang}`, { method: "POST", body: new FormData(form), credentials: "same-origin", headers: { Accept: "application/json" } });
      let json: { data?: Document; error?: string } = {};
      try {
        json = await res.json();
      } catch {
        // A proxy's page: the status tells.
      }
      if (res.ok && json.data) {
        const next = [...list, json.data];
        setList(next);
        setCanAttach(next.length < docs.max);
        form.reset();
      } else {
        setError(json.error ?? t(lang, "documents.failed"));
      }
    } catch {
      setError(t(lang, "documents.failed"));
    }
    setBusy(false);
  }

  async function remove(d: Document) {
    setBusy(true);
    setError("");
    try {
      const res = await fetch(`/api/documents/${d.id}?lang=${lang}`, { method: "DELETE", credentials: "same-origin", headers: { Accept: "application/json" } });
      if (res.ok) {
        await refresh();
      } else {
        const json = await res.json().catch(() => ({}));
        setError(json.error ?? t(lang, "documents.failed"));
      }
    } catch {
      setError(t(lang, "documents.failed"));
    }
    setBusy(false);
  }

  const full = list.length >= docs.max;
  return (
    <section className="visit-documents" id="documents" ref={rootRef} aria-labelledby="visit-documents-title">
      <h2 id="visit-documents-title">{t(lang, "documents.title")}</h2>
      {list.length === 0 ? (
        <p className="visit-documents__none">{t(lang, "documents.none")}</p>
      ) : (
        <ul className="visit-documents__list">
          {list.map((d) => (
            <li key={d.id} className="visit-documents__item" data-document={d.id}>
              <a href={d.url} className="visit-documents__link" onClick={(e) => open(e, d.id)}>
                {d.name}
              </a>
              <span className="visit-documents__meta">
                {kindLabel(lang, d.kind)} · {sizeLabel(d.size)}
              </span>
              {ready && (
                <button type="button" className="button button--small button--outline" disabled={busy} aria-label={t(lang, "documents.deleteLabel", { name: d.name })} onClick={() => remove(d)}>
                  {t(lang, "documents.delete")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canAttach ? (
        <form className="visit-documents__form" method="post" action={`/api/documents?lang=${lang}`} encType="multipart/form-data" onSubmit={submit}>
          <input type="hidden" name="booking" value={docs.bookingId} />
          <input type="hidden" name="lang" value={lang} />
          <p className="visit-documents__hint">{t(lang, "documents.hint", { mb: Math.floor(docs.maxBytes / (1 << 20)), max: docs.max })}</p>
          <label className="visit-documents__field">
            <span>{t(lang, "documents.kind")}</span>
            <select name="kind" defaultValue="referral">
              <option value="referral">{t(lang, "documents.kind.referral")}</option>
              <option value="result">{t(lang, "documents.kind.result")}</option>
            </select>
          </label>
          <label className="visit-documents__field">
            <span>{t(lang, "documents.file")}</span>
            <input type="file" name="file" required accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t(lang, "documents.sending") : t(lang, "documents.attach")}
          </button>
        </form>
      ) : (
        <p className="visit-documents__closed">{full ? t(lang, "documents.full", { max: docs.max }) : t(lang, "documents.closed")}</p>
      )}
      {error && (
        <p className="visit-documents__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
