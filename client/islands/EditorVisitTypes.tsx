import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import { toast } from "../lib/toast";
import { VisitTypes } from "../components/VisitTypes";
import type { EditorDoctorTypes, VisitTypeFields } from "../gen/desk";
// The desk's field look (desk-form, desk-field), which the type form shares.
import "./DeskBoard.css";

export interface EditorVisitTypesProps {
  lang: Lang;
  doctorId: number;
}

/**
 * EditorVisitTypes is the editor's side of a doctor's visit types: at each
 * of his clinics, the types patients choose when they book (length,
 * price, for whom, days and hours), changed, switched off or added
 * through the same form and checks as the clinic's desk
 * (/api/editor/doctor/{id}/visit-types). They take effect at once, beside
 * the doctor's drafts: they are the clinics' offer, not page text.
 */
export default function EditorVisitTypes({ lang, doctorId }: EditorVisitTypesProps) {
  const rootRef = useRef<HTMLElement>(null);
  const [data, setData] = useState<EditorDoctorTypes | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const networkError = t(lang, "form.networkError");
  const path = `/api/editor/doctor/${doctorId}/visit-types`;

  async function load() {
    const a = await callApi<EditorDoctorTypes>("GET", `${path}?lang=${lang}`, undefined, networkError);
    if (a.data) setData(a.data);
    setError(a.data ? "" : (a.error ?? networkError));
  }

  useEffect(() => {
    void load().then(() => markReady(rootRef.current));
    // The doctor is fixed for the island's life (the page reloads for another).
  }, []);

  async function send(method: "POST" | "PUT", to: string, body: unknown) {
    setBusy(true);
    const a = await callApi<unknown>(method, `${to}?lang=${lang}`, body, networkError);
    if (a.status >= 200 && a.status < 300) {
      await load();
      toast(t(lang, "editor.visitTypesSaved"));
    } else toast(a.error ?? networkError, "error");
    setBusy(false);
  }

  return (
    <section className="editor-visit-types" ref={rootRef} aria-labelledby="editor-visit-types-title">
      <h2 id="editor-visit-types-title">{t(lang, "desk.types")}</h2>
      <p className="editor__note">{t(lang, "editor.visitTypesNote")}</p>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p>{t(lang, "loading")}</p>}
      {data?.clinics.map((c) => (
        <div key={c.clinicId} className="desk-types" data-clinic={c.clinicId}>
          <h3>{c.clinicName}</h3>
          <VisitTypes
            lang={lang}
            types={c.types}
            slot={c.slotMin}
            busy={busy}
            onCreate={(f: VisitTypeFields) => send("POST", path, { clinicId: c.clinicId, doctorId, ...f })}
            onUpdate={(id, f) => send("PUT", `${path}/${id}`, { clinicId: c.clinicId, doctorId, ...f })}
          />
        </div>
      ))}
    </section>
  );
}
