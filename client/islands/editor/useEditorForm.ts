import { useState } from "react";
import { t, type Lang } from "../../lib/i18n";
import { callApi } from "../../lib/api";
import { toast } from "../../lib/toast";
import type { FieldInfo, Form, Value, Values } from "../../gen/editorial";
import { formErrors } from "./validate";

/**
 * useEditorForm keeps one entity's form and its actions, each answered by
 * the editor's API (/api/editor/{kind}/{id}): save the draft (after the
 * same checks the server makes), publish now or at a time, discard,
 * delete, restore a revision, propose a slug. A refusal is a toast and
 * the server's messages beside their fields.
 */
export function useEditorForm(lang: Lang, initial: Form) {
  const [form, setForm] = useState<Form>(initial);
  const [values, setValues] = useState<Values>(initial.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [at, setAt] = useState("");
  const [slugNote, setSlugNote] = useState("");
  // previewKey reloads the preview frames after a change.
  const [previewKey, setPreviewKey] = useState(0);

  const api = `/api/editor/${form.kind}/${form.id}`;
  const set = (name: string, v: Value) => setValues((old) => ({ ...old, [name]: v }));

  /** shown takes the server's form as the one edited. */
  function shown(f: Form) {
    setForm(f);
    setValues(f.values);
  }

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
      shown(answer.data);
      setErrors({});
      toast(t(lang, "editor.saved"));
      setPreviewKey((k) => k + 1);
    }
  }

  async function publish() {
    const answer = await send<unknown>("POST", `${api}/publish`, at ? { at: new Date(`${at}:00+05:00`).toISOString() } : {});
    if (answer.status !== 200) return;
    const reloaded = await send<Form>("GET", api);
    if (reloaded.data) shown(reloaded.data);
    toast(t(lang, at ? "editor.scheduled" : "editor.published"));
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
      shown(answer.data);
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

  return { form, values, errors, error, busy, at, setAt, slugNote, previewKey, set, save, publish, remove, discard, restore, proposeSlug };
}
