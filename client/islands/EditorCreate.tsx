import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import type { Created } from "../gen/editorial";
import { toast } from "../lib/toast";

export interface EditorCreateProps {
  lang: Lang;
  kind: string;
  /** editorPath is /editor in the page's language. */
  editorPath: string;
}

/**
 * EditorCreate makes a new entity of the kind (POST /api/editor/{kind}):
 * blank and hidden from the site until its first draft is published; the
 * editor lands on its form.
 */
export default function EditorCreate({ lang, kind, editorPath }: EditorCreateProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => markReady(ref.current), []);
  async function create() {
    setBusy(true);
    const answer = await callApi<Created>("POST", `/api/editor/${kind}?lang=${lang}`, undefined, t(lang, "form.networkError"));
    setBusy(false);
    if (!answer.data) {
      toast(answer.error ?? t(lang, "form.networkError"), "error");
      return;
    }
    window.location.assign(`${editorPath}?kind=${encodeURIComponent(kind)}&id=${answer.data.id}`);
  }
  return (
    <div ref={ref} className="editor__create">
      <button type="button" className="button" disabled={busy} onClick={() => void create()} data-action="create">
        {t(lang, "editor.create")}
      </button>
    </div>
  );
}
